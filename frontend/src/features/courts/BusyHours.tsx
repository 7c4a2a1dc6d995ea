import { WEEKDAYS, busiestText, type CourtBusyHours } from '@gotnext/shared';

/** 0 (nobody) to 4 (as busy as the busiest hour). */
export function heatLevel(count: number, max: number): number {
  return count <= 0 || max <= 0 ? 0 : Math.ceil((4 * count) / max);
}

const HOUR_MARKS = [0, 6, 12, 18];
const hourMark = (h: number) => (h === 0 ? '12a' : h === 12 ? '12p' : h < 12 ? `${h}a` : `${h - 12}p`);

/**
 * The 7×24 heat map of a court's check-ins in its local hours (docs/courts.md#busy-hours). The grid
 * is one image to assistive technology, described by its text alternative ("Busiest: Sat 6–8 pm").
 */
export function BusyHours({ hours }: { hours: CourtBusyHours }) {
  const max = Math.max(0, ...hours.counts.flat());
  const text = busiestText(hours.counts);
  return (
    <section className="card panel" aria-labelledby="court-busy">
      <h2 id="court-busy">Busy hours</h2>
      <p id="court-busiest" data-testid="busiest">
        {text}
      </p>
      {max > 0 && (
        <div className="heat" role="img" aria-label="Check-ins by day and hour" aria-describedby="court-busiest">
          {hours.counts.map((row, day) => (
            <div className="heat__row" key={WEEKDAYS[day]}>
              <span className="heat__day">{WEEKDAYS[day]}</span>
              {row.map((n, hour) => (
                <span key={hour} className={`heat__cell heat--${heatLevel(n, max)}`} data-count={n} />
              ))}
            </div>
          ))}
          <div className="heat__row heat__hours">
            <span className="heat__day" />
            {Array.from({ length: 24 }, (_, h) => (
              <span key={h} className="heat__mark">
                {HOUR_MARKS.includes(h) ? hourMark(h) : ''}
              </span>
            ))}
          </div>
        </div>
      )}
      <p className="muted">
        Check-ins over the last {hours.weeks} weeks, in the court&rsquo;s local time ({hours.time_zone.replace(/_/g, ' ')}).
      </p>
    </section>
  );
}
