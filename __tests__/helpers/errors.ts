import { EndpointError } from "../../lib/index.js";

/** Runs `call` and returns the code of the EndpointError it throws; fails on any other outcome. */
export function errorOf(call: () => unknown): { code: string; argument: string; message: string } {
  try {
    call();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw new Error(`expected an EndpointError, got ${String(error)}`, { cause: error });
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe("EndpointError");
    return { code: error.code, argument: error.argument, message: error.message };
  }
  throw new Error("expected an EndpointError, but the call returned");
}

export function codeOf(call: () => unknown): string {
  return errorOf(call).code;
}

/**
 * Runs `call` with `URL.canParse` throwing `thrown`: the library's own code failing (a baseUrl not
 * seen before is checked through it), to reach `INTERNAL_ERROR`. `URL.canParse` is put back after.
 */
export function withCanParseThrowing<T>(thrown: unknown, call: () => T): T {
  const canParse = Object.getOwnPropertyDescriptor(URL, "canParse")!;
  Object.defineProperty(URL, "canParse", {
    ...canParse,
    value: () => {
      throw thrown;
    },
  });
  try {
    return call();
  } finally {
    Object.defineProperty(URL, "canParse", canParse);
  }
}
