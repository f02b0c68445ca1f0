// `node --import` this file: every module specifier starting with @opentelemetry/ that the process
// resolves is appended to the file named by OTEL_IMPORT_LOG (module hooks run on their own thread).
import { register } from "node:module";

register("./record-otel-imports-hooks.mjs", import.meta.url, { data: { file: process.env.OTEL_IMPORT_LOG } });
