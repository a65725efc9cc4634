import { useAccountId } from '../account';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { useCompleteConnect } from '../../data/ebay/connection';
import { checkCallback, takeState } from './oauth-state';

const INTEGRATIONS = '/dashboard/integrations';

/**
 * Where eBay sends the seller back: the state must match the one stored before leaving
 * ('Invalid state parameter'), a code must be there ('Invalid callback parameters'), and the
 * server exchanges it ('Failed to connect'). Success or not, the seller lands on the
 * integrations page (docs/product.md#ebay), and this URL, which holds the code, is replaced in the
 * history.
 */
export function EbayCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The connection is read again afterwards, whatever the outcome.
  const { mutateAsync: completeConnect } = useCompleteConnect(useAccountId());
  const handled = useRef(false);
  // Opened by hand (nothing from eBay in the URL): there is nothing to check or finish, so the
  // page explains itself instead of reporting a failed connection that never started.
  const fromEbay = ['state', 'code', 'error', 'declined'].some((name) => params.has(name));

  useEffect(() => {
    // Once only: the state is single-use and a second exchange of the code would fail.
    if (handled.current || !fromEbay) return;
    handled.current = true;
    const done = () => navigate(INTEGRATIONS, { replace: true });
    // eBay sends a seller who declines to the RuName's declined URL (ours adds declined=true);
    // an error=access_denied on the accept URL means the same.
    if (params.get('declined') === 'true' || params.get('error') === 'access_denied') {
      takeState();
      notify(messages.ebayDeclined());
      done();
      return;
    }
    const check = checkCallback(params, takeState());
    if (!check.ok) {
      notify(
        check.reason === 'invalid_state'
          ? messages.genericError(check.message)
          : check.reason === 'invalid_params'
            ? messages.ebayCallback()
            : messages.ebayConnect(),
      );
      done();
      return;
    }
    completeConnect(check.code)
      .catch(() => notify(messages.ebayConnect()))
      .finally(done);
  }, [params, navigate, completeConnect, fromEbay]);

  if (!fromEbay) {
    return (
      <p className="muted" data-testid="ebay-callback-idle">
        No eBay sign-in is in progress. <Link to={INTEGRATIONS}>Go to Integrations</Link> to connect
        your eBay account.
      </p>
    );
  }
  return (
    <p className="muted" role="status" data-testid="ebay-callback-status">
      Finishing your eBay connection…
    </p>
  );
}
