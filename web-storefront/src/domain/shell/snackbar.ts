/** How long a snackbar stays on screen (001-9.06, seed 001 §9: "Snackbar 2 s"). */
export const SNACKBAR_MS = 2000;
