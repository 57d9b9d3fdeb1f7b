// `node --import ./swap-octokit.mjs …`: registers octokit-hooks.mjs before the program loads.
import { register } from "node:module";

register("./octokit-hooks.mjs", import.meta.url);
