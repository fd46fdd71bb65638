import { run } from "./run.ts";

await run(["gateway"], 3002);
