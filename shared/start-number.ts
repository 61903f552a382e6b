/**
 * A start number as a rider reads it off the saddle pad and types it: 1 to 6 digits. Here rather than beside the subscription schema, so the show
 * pages can check a number without loading the schema library.
 */
export const START_NUMBER_PATTERN = /^\d{1,6}$/;
