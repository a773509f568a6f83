// Compute vs exchange for one link as SVG bars, each with its number beside it (the text twin).

import * as fmt from '../format.js';

export function Bars({ compute, exchange, scale }) {
  const rows = [
    ['compute', 'Compute t_comp', compute],
    ['comm', 'Exchange t_comm', exchange],
  ];
  return (
    <div class="bars">
      {rows.map(([cls, label, t]) => (
        <div class="bar-row" key={cls}>
          <span class="bar-label">{label}</span>
          <span class="bar-value">{fmt.time(t)}</span>
          <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect
              class={`b-${cls}`}
              x="0"
              y="0"
              height="10"
              width={scale > 0 ? Math.max((100 * t) / scale, t > 0 ? 0.5 : 0) : 0}
            />
          </svg>
        </div>
      ))}
    </div>
  );
}
