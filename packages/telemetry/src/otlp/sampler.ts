// OTEL_TRACES_SAMPLER(+_ARG) as the OpenTelemetry specification defines the built-in samplers:
// always_on, always_off, traceidratio and their parentbased_* forms (default parentbased_always_on).
// A parent-based sampler follows a parent's sampled flag and uses the root sampler without one.
import { OtelSettingsError } from "../otel-env";

/** Decides whether a new span is sampled (recorded and exported). */
export type Sampler = (traceId: string, parentSampled: boolean | undefined) => boolean;

const SAMPLER_NAMES = ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"];

// A ratio sampler reads the trace id's last 13 hex digits (52 bits, exact in a double) as a number
// below 2^52, so every process decides the same for one trace id.
const RATIO_SPACE = 2 ** 52;

function ratioOf(argument: string | undefined): number {
  if (argument === undefined) return 1;
  const ratio = Number(argument);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    throw new OtelSettingsError(`OTEL_TRACES_SAMPLER_ARG=${argument} is not a probability between 0 and 1 (e.g. 0.25 samples a quarter of traces); unset it for 1.`);
  return ratio;
}

function rootSampler(name: string, argument: string | undefined): (traceId: string) => boolean {
  if (name === "always_on") return () => true;
  if (name === "always_off") return () => false;
  const bound = ratioOf(argument) * RATIO_SPACE;
  return (traceId) => Number.parseInt(traceId.slice(19), 16) < bound;
}

/**
 * The sampler OTEL_TRACES_SAMPLER names (undefined: parentbased_always_on).
 *
 * @example samplerFrom("parentbased_traceidratio", "0.1")("4bf92f3577b34da6a3ce929d0e0e4736", undefined)
 */
export function samplerFrom(name: string | undefined, argument: string | undefined): Sampler {
  const chosen = (name ?? "parentbased_always_on").toLowerCase();
  if (!SAMPLER_NAMES.includes(chosen))
    throw new OtelSettingsError(`OTEL_TRACES_SAMPLER=${name} is not supported: use one of ${SAMPLER_NAMES.join(", ")} (default parentbased_always_on).`);
  const parentBased = chosen.startsWith("parentbased_");
  const root = rootSampler(parentBased ? chosen.slice("parentbased_".length) : chosen, argument);
  if (!parentBased) return (traceId) => root(traceId);
  return (traceId, parentSampled) => (parentSampled === undefined ? root(traceId) : parentSampled);
}
