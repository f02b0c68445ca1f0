import { MemoryQuotaDriver } from "../../src/index";
import { quotaDriverConformance } from "./quota-conformance";

quotaDriverConformance("MemoryQuotaDriver", () => new MemoryQuotaDriver());
