import { InMemoryFactStore } from "../src/index";
import { runDriverConformance } from "./driver-conformance";

runDriverConformance("in-memory", () => ({ driver: new InMemoryFactStore(), cleanup: () => {} }));
