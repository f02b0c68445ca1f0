/** The shared folder's absolute path (FOUNDRY_SHARED, else ../shared beside the clone), or undefined. */
export function sharedFolder(): string | undefined;
/** Whether a shared file is here; outside CI a missing one is skipped loudly, in CI it throws. */
export function sharedGate(relative: string): { run: true; file: string; reason: "" } | { run: false; file: undefined; reason: string };
