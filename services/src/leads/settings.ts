/**
 * The leads' own settings: the runtime reads them from the environment and gives them to the leads'
 * module when it builds it; the platform's AppConfig does not carry them (issue 12).
 */
export interface LeadSettings {
  /** A new lead repeating one of the same person and product within this many days is Duplicado
   * (LEAD_DUPLICATE_WINDOW_DAYS; 0: off). */
  duplicateWindowDays: number;
}
