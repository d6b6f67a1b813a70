import { useId, useRef } from 'react';
import { useElementWidth } from '../../../hooks/use-element-width';
import {
  axisFontSize,
  axisTicks,
  domainToY,
  labelIndexes,
  signedDomain,
  slotCenter,
  type ChartFrame,
} from '../utils/chart-scale';
import { formatDay } from '../utils/watch-time';

type MetricChartProps = {
  title: string;
  /** YYYY-MM-DD, oldest first, one per value. */
  days: readonly string[];
  /** Plotted values in the chart's unit. */
  values: readonly number[];
  /** A point's value as the tooltip and the hidden table read it. */
  describe: (index: number) => string;
  formatAxis: (value: number) => string;
  /** Whole-number series (views, subscribers): gridlines only at whole numbers. */
  integer?: boolean;
  /** Accessible one-line summary, e.g. the total over the range. */
  summary: string;
};

const WIDTH = 640;
const HEIGHT = 220;
const FRAME: ChartFrame = { left: 52, top: 12, width: WIDTH - 64, height: HEIGHT - 44 };

/**
 * A small bar chart per day drawn in SVG. Every bar carries a <title> tooltip; screen readers
 * get the summary as the image name and the full series as a visually hidden table.
 */
export function MetricChart({
  title,
  days,
  values,
  describe,
  formatAxis,
  integer = false,
  summary,
}: MetricChartProps) {
  const captionId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const fontSize = axisFontSize(useElementWidth(svgRef), WIDTH);
  const domain = signedDomain(values);
  // A domain with negatives is symmetric: half the gridlines below zero, half above.
  const ticks =
    domain.min < 0
      ? [
          ...axisTicks(-domain.min, integer, [2])
            .map((tick) => -tick)
            .reverse(),
          ...axisTicks(domain.max, integer, [2]).slice(1),
        ]
      : axisTicks(domain.max, integer);
  const zeroY = domainToY(0, domain, FRAME);
  const slot = days.length > 0 ? FRAME.width / days.length : FRAME.width;
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const labels = new Set(labelIndexes(days.length));

  return (
    <figure className="rounded-xl border border-line bg-raised p-4">
      <figcaption id={captionId} className="text-sm font-semibold text-ink-strong">
        {title}
      </figcaption>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: ${summary}`}
        className="mt-3 h-auto w-full text-ink-muted"
      >
        {ticks.map((tick) => {
          const y = domainToY(tick, domain, FRAME);
          return (
            <g key={tick}>
              <line
                x1={FRAME.left}
                x2={FRAME.left + FRAME.width}
                y1={y}
                y2={y}
                stroke="currentColor"
                strokeOpacity={tick === 0 ? 0.6 : 0.2}
              />
              <text
                x={FRAME.left - 8}
                y={y + 4}
                textAnchor="end"
                fontSize={fontSize}
                fill="currentColor"
              >
                {formatAxis(tick)}
              </text>
            </g>
          );
        })}
        {values.map((value, index) => {
          const y = domainToY(value, domain, FRAME);
          const x = slotCenter(index, days.length, FRAME) - barWidth / 2;
          return (
            <rect
              key={days[index]}
              x={x}
              y={Math.min(y, zeroY)}
              width={barWidth}
              height={Math.max(value === 0 ? 0 : 1, Math.abs(zeroY - y))}
              rx={2}
              className={value < 0 ? 'fill-red-400' : 'fill-accent'}
            >
              <title>{`${formatDay(days[index] ?? '')}: ${describe(index)}`}</title>
            </rect>
          );
        })}
        {days.map((day, index) =>
          labels.has(index) ? (
            <text
              key={day}
              x={slotCenter(index, days.length, FRAME)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize={fontSize}
              fill="currentColor"
            >
              {formatDay(day)}
            </text>
          ) : null,
        )}
      </svg>
      {/* A table box ignores the 1px height of sr-only, so the wrapper is what hides it. */}
      <div className="sr-only">
        <table aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                <td>{describe(index)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
