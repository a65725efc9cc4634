import type { MarketplaceFetch } from '../domain/rate-limit';
import { MAX_QUEUED_PHOTOS } from '../domain/outbox';
import { fixPlurals, plural } from '../domain/plural';
import { unitTitle } from '../domain/say-once';
import { countPlaces, type ChosenPlaces } from '../domain/location-labels';

/**
 * Every user-facing toast of the product, keyed by what happened (docs/product.md#messages).
 * Where the product rules give the wording it is used verbatim; elsewhere the text is written to
 * tell the seller what happened and what to do next. Screens never write toast text inline: they
 * pick an entry here and hand it to `notify` (src/components/toasts.tsx).
 */

export type ToastKind = 'success' | 'error';

export interface ToastMessage {
  readonly kind: ToastKind;
  readonly title: string;
  readonly message: string;
}

/** What a rate-limited marketplace fetch was for: orders, listings or inventory. */
export type RateLimitedKind = MarketplaceFetch;

const success = (title: string, message: string): ToastMessage => ({
  kind: 'success',
  title,
  message,
});

const error = (title: string, message: string): ToastMessage => ({ kind: 'error', title, message });

/** Picks the server's explanation when there is one, else our default sentence. */
const detailOr = (detail: string | undefined, fallback: string): string =>
  detail !== undefined && detail.trim() !== '' ? detail : fallback;

/** What a restore says of the backup's photos it could not list again (docs/product.md#photos). */
function photosLeftOut(count: number): string {
  if (count <= 0) return '';
  return `. ${count} ${plural(count, 'photo', 'photos')} could not come back (removed since the backup)`;
}

export const messages = {
  // A change asked for while a first visit's full list is still on its way (nothing is lost).
  stockStillLoading: () =>
    error('Still Loading', 'Your stock is still loading. Try again in a moment.'),
  // Plan limits (docs/product.md#plans): checked before adding items, units and rooms.
  planLimitItems: (limit: number, plan: string) =>
    error(
      'Plan Limit Reached',
      `Your ${plan} plan only allows ${limit} items. Visit the pricing page to upgrade your plan`,
    ),
  planLimitUnits: (limit: number, _plan: string) =>
    error('Plan Limit Reached', `You can only add up to ${limit} units in your current plan`),
  planLimitRooms: (limit: number, plan: string) =>
    error(
      'Plan Limit Reached',
      `Your ${plan} plan is limited to ${limit} ${plural(limit, 'room', 'rooms')}. Please upgrade to add more`,
    ),
  planLimitStorageUnits: (limit: number, plan: string) =>
    error(
      'Plan Limit Reached',
      `Your ${plan} plan is limited to ${limit} storage ${plural(limit, 'unit', 'units')}. Please upgrade to add more`,
    ),
  importExceedsLimit: (adding: number, plan: string, limit: number) =>
    error(
      'Import Failed',
      `Adding ${adding} items would exceed your ${plan} plan limit of ${limit} items`,
    ),

  // Items
  itemAdded: (itemName?: string) =>
    success(
      'Item Added',
      itemName ? `${itemName} was added to your inventory` : 'The item was added to your inventory',
    ),
  itemAdd: (detail?: string) =>
    error('Failed to Add Item', detailOr(detail, 'The item could not be added. Please try again')),
  itemMoved: (itemName?: string) =>
    success('Item Moved', itemName ? `${itemName} was moved` : 'The item was moved'),
  itemMove: (detail?: string) =>
    error('Move Failed', detailOr(detail, 'The item could not be moved. Please try again')),
  itemLocation: (detail?: string) =>
    error('Move Failed', detailOr(detail, 'Failed to update item location')),
  // Products: act on many (issue #25, point 7)
  itemsMoved: (count: number, where: string) =>
    success('Items Moved', `${count} ${plural(count, 'item was', 'items were')} moved to ${where}`),
  itemsDeleted: (count: number) =>
    success('Items Deleted', `${count} ${plural(count, 'item was', 'items were')} deleted`),
  itemsExported: (count: number) =>
    success(
      'Items Exported',
      `${count} ${plural(count, 'item was', 'items were')} exported to CSV`,
    ),
  itemUpdate: (detail?: string) =>
    error('Update Failed', detailOr(detail, 'The item could not be updated. Please try again')),
  itemDelete: (detail?: string) =>
    error('Delete Failed', detailOr(detail, 'The item could not be deleted. Please try again')),
  duplicateItem: () => error('Duplicate Item', 'This item has already been scanned'),
  scanFailed: (detail?: string) =>
    error('Scan Failed', detailOr(detail, 'The barcode could not be read. Please try again')),

  // Rooms, isles, units, shelves
  roomAdded: (roomName?: string) =>
    success('Room Added', roomName ? `${roomName} was added` : 'The room was added'),
  roomAdd: (detail?: string) =>
    error('Failed to Add Room', detailOr(detail, 'The room could not be added. Please try again')),
  roomUpdate: (detail?: string) =>
    error(
      'Failed to Update Room',
      detailOr(detail, 'The room could not be updated. Please try again'),
    ),
  roomDelete: (detail?: string) =>
    error(
      'Failed to Delete Room',
      detailOr(detail, 'The room could not be deleted. Please try again'),
    ),
  roomRequired: () => error('Room Required', 'Please select a room first'),
  storageAdd: (detail?: string) =>
    error('Failed to Add Storage', detailOr(detail, 'The storage could not be added')),
  unitAdd: (detail?: string) => error('Error', detailOr(detail, 'Failed to add storage unit')),
  unitDelete: (detail?: string) =>
    error(
      'Failed to Delete Unit',
      detailOr(detail, 'The unit could not be deleted. Please try again'),
    ),
  shelfAdd: (detail?: string) =>
    error('Failed to Add Shelf', detailOr(detail, 'The shelf could not be added')),
  shelfRemove: (detail?: string) =>
    error('Failed to Remove Shelf', detailOr(detail, 'The shelf could not be removed')),
  isleIndexInUse: (isleNumber: number) =>
    error('Isle Number In Use', `Isle number ${isleNumber} is already in use in this room`),
  isleIndexUpdated: (isleNumber: number) =>
    success('Isle Updated', `The isle is now number ${isleNumber}`),
  isleUpdate: (detail?: string) =>
    error(
      'Failed to Update Aisle',
      detailOr(detail, 'The isle could not be updated. Please try again'),
    ),
  isleDelete: (detail?: string) =>
    error(
      'Failed to Delete Aisle',
      detailOr(detail, 'The isle could not be deleted. Please try again'),
    ),
  // Removals offer Undo in their toast (issue 25).
  itemDeleted: (itemName?: string) =>
    success('Item Deleted', itemName ? `${itemName} was deleted` : 'The item was deleted'),
  roomRemoved: (roomName: string) =>
    success('Room Removed', `${roomName} was removed with everything in it`),
  isleRemoved: (isleNumber: number) =>
    success('Isle Removed', `Isle ${isleNumber} was removed with everything in it`),
  unitRemoved: (unitName: string) =>
    success('Unit Removed', `${unitTitle(unitName)} was removed with its shelves and items`),
  shelfRemoved: (shelfNumber: number) =>
    success('Shelf Removed', `Shelf ${shelfNumber} was removed with its items`),
  isleRenumbered: (from: number, to: number) =>
    success('Isle Renumbered', `Isle ${from} is now isle ${to}`),
  unitRenamed: (from: string, to: string) =>
    success('Unit Renamed', `${unitTitle(from)} is now ${unitTitle(to)}`),
  countApplied: (where: string, summary: string, queued: boolean) =>
    success(
      'Count Applied',
      queued
        ? `${where}: ${summary}. Saved on this device; it is sent when the connection is back`
        : `${where}: ${summary}`,
    ),
  countRefused: (detail?: string) =>
    error(
      'Count Not Applied',
      detailOr(detail, 'The count could not be applied. Please try again'),
    ),
  undone: (summary?: string | null) =>
    success('Undone', summary ? `Undid: ${fixPlurals(summary)}` : 'The change was undone'),
  undoFailed: (detail?: string) =>
    error('Undo Failed', detailOr(detail, 'The change could not be undone. Please try again')),
  layoutSaved: () => success('Layout Saved', 'Your storage layout was saved'),
  layoutSave: () => error('Save Failed', 'Failed to save layout, please try again'),

  // Import, logs, backups
  importComplete: (count: number) =>
    success('Import Complete', `${count} ${plural(count, 'item was', 'items were')} imported`),
  importUpdated: (added: number, updated: number) =>
    success(
      'Import Complete',
      `${added} ${plural(added, 'item was', 'items were')} imported and ${updated} ${plural(updated, 'item was', 'items were')} updated`,
    ),
  importFailed: (detail?: string) =>
    error('Import Failed', detailOr(detail, 'The file could not be imported')),
  logsClear: (detail?: string) =>
    error('Clear Failed', detailOr(detail, 'The activity log could not be cleared')),
  backupRestored: (photosSkipped = 0) =>
    success(
      'Backup Restored',
      'Your data was restored from the backup' + photosLeftOut(photosSkipped),
    ),
  oneRestored: (name: string, place: string, items: number, kind: string, photosSkipped = 0) =>
    success(
      'Restored',
      `${name} is back at ${place}` +
        (kind === 'item' ? '' : ` with ${items} ${plural(items, 'item', 'items')}`) +
        photosLeftOut(photosSkipped),
    ),
  restoreFailed: (detail?: string) =>
    error('Restore Failed', detailOr(detail, 'Failed to restore backup')),

  // Team (issue #27)
  invitationSent: (email: string) => success('Invitation Sent', `Invitation sent to ${email}`),
  invitationResent: (email: string) =>
    success('Invitation Sent', `Invitation sent to ${email} again`),
  inviteFailed: (detail?: string) =>
    error('Invitation Failed', detailOr(detail, 'The invitation could not be sent')),
  invitationWithdrawn: (email: string) =>
    success('Invitation Withdrawn', `The invitation of ${email} was withdrawn`),
  memberRoleChanged: (email: string, role: string) =>
    success('Role Changed', `${email} is now a ${role}`),
  memberRemoved: (email: string) => success('Member Removed', `${email} was removed`),
  ownershipTransferred: (email: string) =>
    success('Ownership Transferred', `${email} is now the owner; you are a manager`),
  accountLeft: (name: string) => success('Left Account', `You left ${name}`),
  invitationAccepted: (name: string) => success('Joined', `You joined ${name}`),
  teamChangeFailed: (detail?: string) =>
    error('Team Change Failed', detailOr(detail, 'The change could not be saved')),

  // eBay
  ebayItemAdded: (title?: string) =>
    success(
      'Item Added',
      title ? `${title} was added to the shelf` : 'The listing was added to the shelf',
    ),
  ebayItemAdd: (detail?: string) =>
    error('Failed to Add Item', detailOr(detail, 'The listing could not be added to the shelf')),
  ebayRateLimit: (minutes: number, kind: RateLimitedKind) =>
    error(
      'Rate Limit Reached',
      `Please wait ${minutes} ${plural(minutes, 'minute', 'minutes')} before fetching ${kind} again. Using cached data`,
    ),
  ebayConnect: (detail?: string) => error('Error', detailOr(detail, 'Failed to connect')),
  ebayCallback: () => error('Error', 'Invalid callback parameters'),
  ebayDeclined: () =>
    error(
      'eBay not connected',
      'You declined access on eBay, so Stockroom is not connected. Connect eBay again whenever you are ready.',
    ),
  ordersLoaded: (count: number) =>
    success('Orders Loaded', `${count} ${plural(count, 'order', 'orders')} loaded`),
  ordersFetch: (detail?: string) => error('Error', detailOr(detail, 'Failed to fetch orders')),
  cleanupFailed: () => error('Cleanup Failed', 'Failed to cleanup list'),
  // Picking (issue 25, docs/product.md#picking-orders).
  linePicked: (quantity: number, itemName: string, orderId: string) =>
    success('Picked', `${quantity} × ${itemName} picked for order ${orderId}`),
  linePick: (detail?: string) =>
    error('Pick Failed', detailOr(detail, 'The line could not be marked picked. Please try again')),
  lineUnpicked: (quantity: number, itemName: string) =>
    success('Unpicked', `${quantity} × ${itemName} went back on the shelf`),
  lineUnpick: (detail?: string) =>
    error('Unpick Failed', detailOr(detail, 'The line could not be unpicked. Please try again')),
  skuLinked: (sku: string, itemName: string) =>
    success('SKU Linked', `Orders for ${sku} now find ${itemName}`),
  skuLink: (detail?: string) =>
    error('Link Failed', detailOr(detail, 'The SKU could not be linked. Please try again')),

  // Preferences
  preferencesLoad: (detail?: string) =>
    error('Failed to Load Settings', detailOr(detail, 'Your settings could not be loaded')),
  preferencesSaved: () => success('Settings Saved', 'Your settings were saved'),
  preferencesSave: (detail?: string) =>
    error('Failed to Save Settings', detailOr(detail, 'Your settings could not be saved')),

  // Subscription and billing
  subscriptionUpdated: (planName?: string) =>
    success(
      'Plan Changed',
      planName ? `You are now on the ${planName} plan` : 'Your subscription was updated',
    ),
  subscriptionError: (detail?: string) =>
    error('Subscription Error', detailOr(detail, 'Failed to start subscription')),
  invalidPlan: () => error('Invalid Plan', 'Please choose one of the available plans'),
  updateError: () => error('Update Error', 'Failed to process subscription updates'),
  billingPortal: (detail?: string) =>
    error('Billing Portal Error', detailOr(detail, 'The billing portal could not be opened')),
  cancelDialog: (detail?: string) =>
    error('Cancel Dialog Error', detailOr(detail, 'The cancellation could not be started')),
  cancelError: (detail?: string) =>
    error('Cancel Error', detailOr(detail, 'Failed to cancel subscription')),
  reactivationError: (detail?: string) =>
    error('Reactivation Error', detailOr(detail, 'Failed to update subscription')),

  // Session
  loggedIn: (name?: string) =>
    success('Logged In', name ? `Welcome back, ${name}` : 'You are signed in'),
  passwordUpdated: () => success('Password Updated', 'Your new password is saved'),
  logoutFailed: (detail?: string) =>
    error('Logout Failed', detailOr(detail, 'You could not be signed out. Please try again')),

  // Expiry notifications (docs/product.md#expiry-notifications): several at once give one summary
  // toast.
  expiryMany: (count: number) =>
    error('Expiry Alert', `${count} ${plural(count, 'item needs', 'items need')} attention`),
  expiryOne: (message: string) => error('Expiry Alert', message),

  /** Once, on the first start of a new version of the app (docs/architecture.md#offline). */
  appUpdated: () => success('Updated', 'Stockroom is on its newest version.'),
  // Team (issue #27): the account a member acts on.
  noLongerMember: () =>
    error('Removed from account', 'You are no longer a member of this account.'),
  switchWithWaitingChanges: () =>
    error('Changes waiting', 'Send your waiting changes before switching accounts.'),
  accountSwitchFailed: (detail?: string) =>
    error('Account not switched', detailOr(detail, 'The account could not be switched.')),
  // Photos of items (docs/product.md#photos).
  photoAdded: () => success('Photo Added', 'The photo is saved with the item.'),
  photoQueued: (itemName: string) =>
    success(
      'Photo Kept on This Device',
      `The photo of ${itemName} is sent with your other changes when the connection is back.`,
    ),
  photoRemoved: () => success('Photo Removed', 'The photo is no longer on the item.'),
  photoNotAdded: (detail?: string) =>
    error('Photo Not Added', detailOr(detail, 'The photo could not be added. Try again.')),
  photoNotRemoved: (detail?: string) =>
    error('Photo Not Removed', detailOr(detail, 'The photo could not be removed. Try again.')),
  /** The generic error toast: 'Error' with the message, else 'An unexpected error occurred'. */
  genericError: (detail?: string) =>
    error('Error', detailOr(detail, 'An unexpected error occurred')),
} as const;

export type MessageKey = keyof typeof messages;

/** Plain texts used outside toasts: thrown errors, inline notices (docs/product.md#messages). */
export const texts = {
  // Under a removal's or rename's toast: the labels it left with an old path (issue #41).
  reprintOffer: (places: ChosenPlaces) =>
    places.unitIds.length === 0
      ? `Reprint labels for ${places.shelfIds.length} renumbered ${plural(places.shelfIds.length, 'shelf', 'shelves')}`
      : `Reprint labels for ${countPlaces(places)}`,
  // A first visit on a slow line draws the active room before the rest of the stock is in.
  loadingRestOfStock: 'Loading the rest of your stock… Moves and changes wait until it is in.',
  searchWaitsForStock: 'Search starts when all your stock has loaded.',
  userMustBeLoggedIn: 'User must be logged in',
  planLimitReachedCode: 'PLAN_LIMIT_REACHED',
  invalidLocation: 'Invalid location for item',
  notAuthenticated: 'Not authenticated',
  // Screens a member's role cannot see (issue #27), shown instead of the screen.
  ownerOnlyBilling: 'Only the account owner can see billing.',
  ownerOnlyEbay: 'Only the account owner can connect eBay.',
  // Issue 39: members see the account's connection, never a Connect they would be refused.
  ownerNotConnectedEbay: "The owner hasn't connected eBay yet",
  connectedByOwner: (ebayUser: string | null) =>
    ebayUser ? `Connected as ${ebayUser} by the owner` : 'Connected by the owner',
  roleCannotImport: 'Only the owner or a manager can import or export.',
  roleCannotBackups: 'Only the owner or a manager can see backups.',
  roleCannotChangeSettings: 'Only the owner or a manager can change settings.',
  /** In a picker's item dialog, which shows the quantity only (docs/product.md#team). */
  pickerChangesQuantityOnly:
    "A picker changes an item's quantity and shelf; the owner or a manager changes its details.",
  // An invitation mail Auth did not send (docs/product.md#team): the team-invite function gave
  // back what the invitation took and says so on the Team screen.
  invitationNotSent:
    'The invitation e-mail could not be sent, so no invitation was made and no seat is taken. Try again in a few minutes.',
  invitationNotResent:
    'The invitation e-mail could not be sent again. The earlier invitation still stands: try Resend in a few minutes.',
  /** On the sign-in page after the session ended elsewhere (e.g. a password change). */
  sessionEnded: 'Your session has ended. Sign in again.',
  /** On the sign-in page when a password change (on another device) ended the session. */
  signedOutByPasswordChange:
    'You were signed out because your password was changed. Sign in with your new password.',
  notAuthenticatedWithEbay: 'Not authenticated with eBay',
  noEbayToken: 'No eBay token found',
  ebaySyncFailed: 'Failed to sync with eBay',
  invalidResponse: 'Invalid response from server',
  noSessionUrl: 'No session URL in response',
  checkoutFailed: 'Failed to create checkout session',
  cancelFailed: 'Failed to cancel subscription',
  archiveFailed: 'Failed to archive storage',
  updateSubscriptionFailed: 'Failed to update subscription',
  roomNotFound: 'Room not found',
  itemNotFound: 'Item not found',
  invalidState: 'Invalid state parameter',
  selectRoomFirst: 'Please select a room first',
  alreadyScanned: 'This item has already been scanned',
  confirmMoveTitle: 'Confirm Move',
  confirmMoveQuestion: 'Are you sure you want to move this item to this location?',
  processing: 'Processing...',
  unexpectedError: 'An unexpected error occurred',
  // No network (docs/architecture.md#offline). Said where the seller is looking: the dashboard's
  // notice, the dialog whose save failed, the screen that could not load.
  offlineNotice:
    "You're offline. Changes you make are kept on this device and sent when the connection is back.",
  offline: "You're offline. Try again when you're back online.",
  connectionFailed: 'The connection to Stockroom failed. Check your connection and try again.',
  offlineSaveFailed:
    "Your device is offline, so this couldn't be saved. Try again when you're back online.",
  connectionSaveFailed:
    "The connection to Stockroom failed, so this couldn't be saved. Check your connection and try again.",
  screenOffline: "This screen couldn't be loaded — you're offline. Retry once you're back online.",
  screenLoadFailed: "This screen couldn't be loaded. Check your connection and retry.",
  // The offline queue (issue #26): a change the database refused on catch-up.
  outboxItemNotAdded: 'The item it names was never added, so this change could not be made.',
  outboxIntro:
    'These changes were made without a connection. They are kept on this device and sent in this order when the connection is back.',
  outboxDecisionIntro:
    'Stockroom could not make these changes when the connection came back. Nothing has been lost: choose what to do with each.',
  // What needs the server and cannot wait in the device's queue (issue 26): said on the screen,
  // next to the actions it disables, while the device is offline.
  needsConnection: {
    billing:
      "Billing needs a connection. You're offline — checkout, plan changes, Manage Billing and cancelling work again when you're back online.",
    ebay: "eBay needs a connection. You're offline — connecting, listings, orders and marking picked work again when you're back online.",
    import:
      "Importing needs a connection. You're offline — your file stays chosen here; import it when you're back online.",
    backups:
      "Backups need a connection. You're offline — backing up, restoring and downloading work again when you're back online.",
    account:
      "Account changes need a connection. You're offline — what you typed stays here; save it when you're back online.",
  },
  needsConnectionShort: 'Needs a connection',
  // Why a chosen file did not become a photo (docs/product.md#photos), before anything is sent.
  photoWrongType: 'Only JPEG, PNG or WebP images can be added as photos.',
  photoTooLarge: 'That file is too large to add as a photo (40 MB at most).',
  photoUnreadable: 'That image could not be read. Try another photo.',
  photoItemFull: 'An item can have at most 6 photos',
  // A photo's item removed while it was uploaded or waited offline (the database's own words).
  photoItemGone: 'The item is no longer there',
  // A photo taken offline waits on the device (docs/architecture.md#offline): how many, and room.
  photoQueueFull: `This device already holds ${MAX_QUEUED_PHOTOS} photos waiting to be sent. Connect to send them before taking more.`,
  photoDeviceFull:
    'This device has no room left to keep the photo. Connect to send the changes waiting, then try again.',
} as const;
