import { run } from "./run.ts";

await run(["client"], 3000);
