// When something held back since a forget may still be written: the gateway's learned requests
// queued in one instance (workspace-store's learned-fence.ts) and the pairs a foya serve could not
// write yet (client-manager's learned-forgets.ts). Both number forgets 1, 2, … in the order they
// ran, record what each named (the newest few hundred or thousand), and stamp what they hold with
// the newest generation they had read.

/** A forget on record: its generation (1 for the first, one more for each after). */
export interface RecordedForget {
  readonly generation: number;
}

/**
 * Whether what was held since generation `since` outlives the forgets after it, `newest` being the
 * newest generation now: every generation after `since` must be on record and none of them may
 * name it (`names`). A generation missing from `records` (pruned, malformed) may have named it, and
 * `newest` below `since` means the records were lost: either way no one can tell what was
 * forgotten, and a forget is someone asking for words to be gone, so it does not outlive them.
 * @example outlivesForgets(3, 5, [{ generation: 4, tool: "a" }, { generation: 5, tool: "b" }], (forget) => forget.tool === "c") // true
 */
export function outlivesForgets<Forget extends RecordedForget>(since: number, newest: number, records: readonly Forget[], names: (record: Forget) => boolean): boolean {
  if (newest < since) return false;
  const newer = records.filter((record) => record.generation > since);
  return newer.length === newest - since && !newer.some(names);
}
