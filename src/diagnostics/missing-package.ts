/**
 * An optional package a feature needs is not installed. ptcc's compile-time packages
 * (ts-morph: reading TypeScript tool modules; tsx: importing them uncompiled) are not
 * dependencies, so that an app that only runs compiled agents installs neither: its
 * developers install them as development dependencies (README.md, Install), and the feature
 * that needs one says so, with the command that installs it, instead of a module-resolution
 * trace. (Not listed as optional peers either: npm would then keep a development copy in
 * the app's production install.)
 */
/** A feature needs a package that is not installed: what it is and how to install it. */
export class MissingPackageError extends Error {
  /** The package to install, such as `ts-morph`. */
  readonly packageName: string;
  /** The command that installs it: `npm install --save-dev ts-morph`. */
  readonly install: string;

  constructor(packageName: string, feature: string, install: string) {
    super(`${feature} needs the optional package ${packageName}, which is not installed`);
    this.name = "MissingPackageError";
    this.packageName = packageName;
    this.install = install;
  }

  /** `message — install` on one line. */
  format(): string {
    return `${this.message} — ${this.install}`;
  }
}

/** The commands that install them, at the versions ptcc is tested with (its devDependencies). */
export const TS_MORPH_INSTALL = "npm install --save-dev ts-morph@28.0.0";
export const TSX_INSTALL = "npm install --save-dev tsx@4.23.15";
