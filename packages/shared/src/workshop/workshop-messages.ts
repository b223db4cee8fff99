/** Workshop messages shared by the server's errors and the screens' toasts (kept free of zod). */
export const WORKSHOP_MESSAGES = {
  jobNotFound: 'Job not found.',
  partNotFound: 'Part not found on this job.',
  quantityPositive: 'Quantity must be greater than 0.',
  quantityDecimals: 'Quantity can have at most 2 decimal places.',
  quantityTooLarge: 'Quantity is too large.',
  receiveNotOrdered: 'This part has not been ordered yet.',
  receiveExceedsOrdered: (balance: number, ordered: number) =>
    `Received quantity cannot exceed the quantity ordered: ${balance} of ${ordered} still to follow.`,
  orderBelowReceived: (received: number) =>
    `Ordered quantity cannot be less than the quantity already received (${received}).`,
  componentMissing: 'This part is not in the component database, so its stock cannot be updated.',
  orderUnknownComponent:
    'This part is not in the component database, so it cannot be ordered. Add it to the component database first.',
  jobComplete: 'This job is complete.',
  alreadyIssued: 'This job has already been issued.',
  partsOutstanding: 'This job still has parts to order or receive.',
  notesTooLong: 'Notes can be at most 2000 characters.',
  nothingToUpdate: 'Nothing to update.',
  scheduleTooLong: 'The schedule can hold at most 5000 jobs.',
  pageList: 'List must be orders or stock.',
  // Toasts of the screens.
  partOrdered: 'Part marked as ordered',
  deliveryReceived: 'Delivery received',
  jobIssued: 'Job issued',
  jobUpdated: 'Job updated',
  jobCompleted: 'Job completed',
  scheduleSaved: 'Schedule saved',
  scheduleReset: 'Schedule reset',
  loadFailed: 'Failed to load work orders',
  jobLoadFailed: 'Failed to load work order',
  updateFailed: 'Failed to update work order',
} as const;
