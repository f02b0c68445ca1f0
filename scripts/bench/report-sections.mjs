// The report's `## ` sections as units, so that a partial `pnpm bench SCRIPT…` run replaces only the
// sections its scripts printed and keeps every other one as it stands, each marked with its date.
// A section is everything from its `## ` heading to the next one; the heading is its identity.

/** Splits a report into its preamble (before the first `## `) and its sections, in order. */
export function splitSections(markdown) {
  const lines = markdown.split("\n");
  const preamble = [];
  const sections = [];
  for (const line of lines) {
    if (line.startsWith("## ")) sections.push({ heading: line, lines: [line] });
    else if (sections.length === 0) preamble.push(line);
    else sections.at(-1).lines.push(line);
  }
  return {
    preamble: preamble.join("\n"),
    sections: sections.map((section) => ({ heading: section.heading, text: section.lines.join("\n").trimEnd() })),
  };
}

/** The line that closes every section a script printed: which script, how long, and when. */
export function sourceLine(script, seconds, when) {
  return `_Source: \`${script}\`, ${seconds} s, run on ${when.toISOString().slice(0, 16).replace("T", " ")} UTC._`;
}

/**
 * Puts a script's fresh sections into the report: a section whose heading is already there replaces
 * it in place, a new one goes at the end, and every other section is kept unchanged.
 * @example mergeSections(report, [{ heading: "## Tool catalog", text: "## Tool catalog\n…" }])
 */
export function mergeSections(markdown, fresh) {
  const { preamble, sections } = splitSections(markdown);
  const byHeading = new Map(fresh.map((section) => [section.heading, section]));
  const merged = sections.map((section) => byHeading.get(section.heading) ?? section);
  const kept = new Set(sections.map((section) => section.heading));
  for (const section of fresh) if (!kept.has(section.heading)) merged.push(section);
  return `${preamble.trimEnd()}\n\n${merged.map((section) => section.text).join("\n\n")}\n`;
}

/** A script's output as sections, each closed by the source line (the script's text is trusted). */
export function sectionsOfOutput(output, script, seconds, when) {
  const { sections } = splitSections(output.trim());
  if (sections.length === 0) throw new Error(`${script} printed no "## " section; a bench script prints markdown sections`);
  const source = sourceLine(script, seconds, when);
  return sections.map((section) => ({ heading: section.heading, text: `${section.text}\n\n${source}` }));
}
