// The `rest-endpoint` bin (package.json): the command line of lib/cli/main.ts, with the GitHub
// targets' listings that the build writes beside it (dist/routes/).
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2), {
  out: console.log,
  err: console.error,
  routes: new URL("./routes/", import.meta.url),
});
