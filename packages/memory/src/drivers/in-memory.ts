// A fact store held in process memory: no files, no cross-process sharing. For tests,
// embedders and as the second implementation that keeps the driver interface honest.

import { MemoryError, MemoryErrorCode } from "../errors";
import { factIdFromNumber, factIdNumber, serializeFact } from "../facts/fact-file";
import { randomFactId } from "../layout/fact-ids";
import type { MemoryLayout } from "../layout/memory-layout";
import type { Fact } from "../types";
import type { FactSnapshot, FactStoreDriver, StoredFactRecord } from "./driver";

/** A {@link FactStoreDriver} kept in memory; `initial` facts are stored as given. */
export class InMemoryFactStore implements FactStoreDriver {
  readonly name = "in-memory";
  private readonly facts = new Map<string, StoredFactRecord>();
  private highestId = 0;
  private snapshot: FactSnapshot | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(initial: readonly Fact[] = []) {
    for (const fact of initial) this.put(fact);
  }

  private put(fact: Fact): void {
    this.facts.set(fact.id, { fact, source: serializeFact(fact), location: `memory:${fact.id}` });
    this.highestId = Math.max(this.highestId, factIdNumber(fact.id));
    this.snapshot = undefined;
  }

  async load(): Promise<FactSnapshot> {
    if (!this.snapshot) {
      const records = [...this.facts.values()].sort(
        (a, b) => factIdNumber(a.fact.id) - factIdNumber(b.fact.id),
      );
      this.snapshot = { records, problems: [] };
    }
    return this.snapshot;
  }

  withWriteLock<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async allocateId(layout: MemoryLayout = "sequential", avoid?: (id: string) => boolean): Promise<string> {
    if (layout === "merge-safe") return randomFactId((id) => this.facts.has(id), avoid);
    this.highestId += 1;
    return factIdFromNumber(this.highestId);
  }

  async create(fact: Fact): Promise<void> {
    if (this.facts.has(fact.id))
      throw new MemoryError(
        MemoryErrorCode.ID_CONFLICT,
        `${fact.id} is already stored; ids are never reused.`,
      );
    this.put(fact);
  }

  async update(fact: Fact): Promise<void> {
    if (!this.facts.has(fact.id))
      throw new MemoryError(
        MemoryErrorCode.INVALID_INPUT,
        `${fact.id} is not stored, so it cannot be updated.`,
      );
    this.put(fact);
  }
}
