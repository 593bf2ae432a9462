/** The same signature written differently: every spelling must parse to the same signature. */
export const SPELLINGS: readonly ((text: string) => string)[] = [
  (t) => t,
  (t) => t.replace(/, /g, " "),
  (t) => t.replace(/, /g, ",\n  "),
  (t) => t.replace(/ :/g, ":"),
  (t) => t.replace(/([([{,]\s*)([A-Za-z_][\w?!-]*)(\s*):/g, "$1:$2$3:"),
  (t) => t.replace(/([[\]{}()])/g, " $1 ").replace(/->/g, "\t->\t"),
];
