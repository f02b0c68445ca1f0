// Calls per hour over 48 hours as bars (the refused part in its own colour) under the hourly cap
// as a line, drawn by uPlot into a canvas; the same figures follow as a table for screen readers
// and for anyone who wants the numbers.
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { HeadRow } from "./load";
import type { Usage } from "../types";

export function HourlyChart({ usage }: { usage: Usage }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const hours = usage.hourly.map((row) => Date.parse(`${row.hour}:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      hours,
      usage.hourly.map((row) => row.calls),
      usage.hourly.map((row) => row.refused),
      usage.hourly.map(() => usage.hourlyCap),
    ];
    const bars = uPlot.paths.bars!({ size: [0.7, 24] });
    const highest = Math.max(...usage.hourly.map((row) => row.calls), 1);
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 240,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        scales: { y: { range: () => [0, Math.max(highest * 1.15, Math.min(usage.hourlyCap, highest * 4))] } },
        series: [
          { label: "hour (UTC)" },
          // Refused bars are drawn over the calls bars: their lower part, as a stack reads.
          { label: "calls", stroke: "#2f6fdf", fill: "#2f6fdfaa", paths: bars, points: { show: false } },
          { label: "of them refused", stroke: "#c2410c", fill: "#c2410c", paths: bars, points: { show: false } },
          { label: `cap ${usage.hourlyCap}/h`, stroke: "#6b7280", dash: [6, 4], width: 1.5, points: { show: false } },
        ],
        axes: [{}, { label: "calls" }],
      },
      data,
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(280, element.clientWidth), height: 240 });
    addEventListener("resize", resize);
    return () => {
      removeEventListener("resize", resize);
      plot.destroy();
    };
  }, [usage]);
  const recent = usage.hourly.filter((row) => row.calls > 0);
  return (
    <figure class="chart">
      <div ref={box} role="img" aria-label={`Calls per hour over the last 48 hours against the cap of ${usage.hourlyCap}`} />
      <figcaption>
        <details>
          <summary>Calls per hour as a table ({recent.length} hours with calls)</summary>
          <table id="hourly-table">
            <HeadRow columns={["Hour (UTC)", "Calls", "Refused"]} />
            <tbody>
              {recent.map((row) => (
                <tr>
                  <td>{row.hour.replace("T", " ")}:00</td>
                  <td>{row.calls}</td>
                  <td>{row.refused}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
