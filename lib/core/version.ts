declare const __VERSION__: string;

/** This package's version, read from package.json when it is built. */
export const VERSION: string = __VERSION__;
