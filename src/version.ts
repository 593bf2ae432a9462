/**
 * ptcc's version, as package.json says (a test keeps the two equal). The library reads it
 * from here, not from package.json, so that it needs no file system (browsers).
 */
export const PTCC_VERSION = "0.1.0";
