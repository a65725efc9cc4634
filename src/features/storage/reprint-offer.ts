import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ToastAction } from '../../components/toasts';
import { LABELS_PATH } from '../../domain/label-selection';
import type { ChosenPlaces } from '../../domain/location-labels';
import { texts } from '../../lib/messages';

/**
 * The reprint offer under a toast (issue #41): after a change that left printed labels with an
 * old path, "Reprint labels for …" opens Barcode Labels with those units and shelves chosen.
 * Undefined when nothing printed changed, so the toast offers nothing.
 */
export function useReprintOffer(): (places: ChosenPlaces) => ToastAction | undefined {
  const navigate = useNavigate();
  return useCallback(
    (places) =>
      places.unitIds.length + places.shelfIds.length === 0
        ? undefined
        : {
            label: texts.reprintOffer(places),
            testId: 'reprint-offer',
            onClick: () => {
              void navigate(LABELS_PATH, {
                state: { shelfIds: places.shelfIds, unitIds: places.unitIds },
              });
              // The inventory was scrolled to the shelf; Barcode Labels starts at its top.
              window.scrollTo(0, 0);
            },
          },
    [navigate],
  );
}
