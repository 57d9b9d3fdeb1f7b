// `node --import ./swap-endpoint.mjs …`: registers hooks.mjs before the program loads.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
