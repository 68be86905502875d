/** The reference lists' page, under the console's basename: /admin/reference. */
export const REFERENCE_PATH = 'reference';
