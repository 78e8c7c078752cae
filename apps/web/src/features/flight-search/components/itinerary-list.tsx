import { memo, startTransition, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { afterNextPaint } from '../../../lib/next-task';
import type { ItineraryResult } from '../lib/filter-itineraries';
import { ItineraryCard, type OfferLink } from './itinerary-card';

const PAGE_SIZE = 15;
/**
 * The cards drawn with the page when the results come (a phone's screen and more): the others
 * follow after that frame is painted, rendered in the background, so the first offers show
 * sooner and no long task holds the page while the rest are drawn.
 */
const FIRST_CARDS = 3;

// Memoised: the answers around it (airports, prices of nearby days, fetching states) would
// otherwise render every card again.
export const ItineraryList = memo(function ItineraryList({
  results,
  typicalEmissionsKg,
  offerLink,
  sortLabel,
  showDates,
}: {
  results: ItineraryResult[];
  typicalEmissionsKg: number | null;
  offerLink: OfferLink;
  sortLabel: string;
  /** Each flight's date on its card (the flights of a multi-city trip leave on days apart). */
  showDates: boolean;
}) {
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [allDrawn, setAllDrawn] = useState(results.length <= FIRST_CARDS);
  useEffect(() => {
    if (allDrawn) return;
    // After the frame that shows the first cards: the rest render in the background.
    return afterNextPaint(() => startTransition(() => setAllDrawn(true)));
  }, [allDrawn]);
  const shown = results.slice(0, allDrawn ? visible : Math.min(visible, FIRST_CARDS));
  return (
    <>
      <ol aria-label="Flight results" className="grid gap-3">
        {shown.map((result, index) => (
          // Cards out of view are laid out and painted only as they scroll near (they stay in
          // the accessibility tree and find-in-page): the first ones show sooner on a phone.
          <li
            key={result.itinerary.key}
            className="min-w-0 [contain-intrinsic-height:auto_32rem] [content-visibility:auto]"
          >
            <ItineraryCard
              result={result}
              typicalEmissionsKg={typicalEmissionsKg}
              offerLink={offerLink}
              highlight={index === 0 ? `${sortLabel} option` : undefined}
              showDates={showDates}
            />
          </li>
        ))}
      </ol>
      {allDrawn && results.length > visible ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => setVisible((count) => count + PAGE_SIZE)}
        >
          Show more flights ({results.length - visible} more)
        </Button>
      ) : null}
    </>
  );
});
