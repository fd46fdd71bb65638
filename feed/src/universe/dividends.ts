/*
 * Dividend policies of the universe's names: an annual yield on the reference price and the
 * months whose record dates carry a payment. Yields are rounded from the mid-2025 snapshot the
 * reference prices come from (forecast annual dividend over price); months are each company's
 * real record months. A name not listed pays no dividend (Amazon, Tesla, Berkshire Hathaway,
 * Rakuten, Nissan after its 2025 suspension...).
 *
 * Japanese names: record at the end of each listed month, March and September unless noted.
 * US names: quarterly from the first record month, on the record day, unless a payment count
 * says otherwise (ADRs of semiannual or annual payers).
 */

/** Yield in percent a year; record months (default March and September). */
type JpDividendRow = readonly [yieldPct: number, months?: readonly number[]];
/** Yield in percent a year; first record month; record day; payments a year (default 4). */
type UsDividendRow = readonly [yieldPct: number, firstMonth: number, recordDay: number, perYear?: 1 | 2 | 4];

const dec = [6, 12] as const;
const feb = [2, 8] as const;

// biome-ignore format: one row per company
export const jpDividends: Readonly<Record<string, JpDividendRow>> = {
  "7203": [3.6], "6758": [0.5], "8306": [3.5], "9984": [0.4], "6861": [0.6], "8035": [2.2],
  "9983": [0.9, feb], "7974": [1.0], "6501": [1.0], "6098": [0.3], "4063": [2.3], "8058": [3.4],
  "8031": [3.5], "8001": [2.6], "4502": [4.5], "4568": [0.9], "9433": [3.1], "9432": [3.5],
  "7267": [4.7], "6902": [3.0], "6954": [2.5], "6981": [2.4], "6273": [2.1], "4661": [0.4],
  "6857": [0.4], "6920": [1.7, dec], "6146": [1.2], "6723": [1.5, [12]], "8316": [3.7], "8411": [3.4],
  "8766": [2.9], "6594": [1.4], "7751": [3.7, dec], "6752": [3.0], "5108": [3.5, dec], "4452": [2.4, dec],
  "4911": [2.3, dec], "3382": [1.9, feb], "2914": [4.6, dec], "2502": [2.6, dec], "2503": [3.6, dec],
  "7269": [2.6], "7270": [4.2], "7261": [6.8], "9020": [2.2], "9022": [1.0], "9202": [2.1, [3]],
  "9201": [3.2], "5401": [4.1], "7011": [0.7], "7012": [1.4], "7013": [1.0], "6367": [1.6],
  "6301": [3.6], "6326": [3.0, dec], "4543": [1.0], "7733": [1.3, [3]], "7741": [0.7], "4519": [1.5, dec],
  "4503": [5.3], "4578": [1.9, dec], "4523": [3.9], "4689": [1.1, [3]], "6503": [1.6], "8053": [3.5],
  "8002": [3.1], "9531": [1.5], "9503": [3.5], "6178": [3.6], "7182": [3.8], "8604": [4.2],
  "8601": [4.1], "8591": [3.9], "8750": [3.3], "8725": [4.3], "8630": [3.6], "8308": [2.1],
  "8473": [3.2], "6702": [0.8], "6701": [0.7], "4307": [1.2], "4704": [2.3, [12]], "7735": [2.6],
  "6525": [2.3], "3436": [2.4, dec], "4062": [1.0], "6762": [1.8], "6971": [2.9], "6645": [2.7],
  "6506": [2.2, feb], "6504": [1.6], "4901": [2.0], "7752": [3.8], "7731": [3.4], "9766": [0.9],
  "9697": [0.8], "6460": [2.1], "7832": [1.4], "9684": [1.4], "8136": [0.5], "8113": [2.0, dec],
  "2802": [1.2], "2801": [1.8], "2897": [2.7], "2269": [3.1], "2587": [2.4, dec], "2267": [2.0],
  "8801": [2.3], "8802": [1.5], "8830": [1.2], "1925": [3.0], "1928": [4.2, [1, 7]], "1802": [3.9],
  "1812": [2.8], "1801": [2.2], "1803": [2.8], "5020": [3.6], "1605": [4.3, dec], "5713": [2.8],
  "5411": [4.7], "3407": [3.5], "3402": [2.0], "4005": [2.5], "4188": [4.2], "6988": [2.1],
  "7272": [4.6, dec], "7202": [4.9], "7211": [4.8], "7259": [3.3], "5802": [2.6], "5803": [1.0],
  "9735": [2.2], "9843": [1.1], "7309": [1.3, dec], "7936": [0.5, dec], "8267": [0.9, feb],
  "7532": [0.5, dec], "9434": [4.0], "4324": [4.4, dec], "9602": [0.9, feb], "9005": [1.3],
  "9042": [1.4], "9101": [6.3], "9104": [7.4], "9107": [4.8], "9064": [2.4], "8697": [2.5],
  "4507": [2.3], "4151": [2.3, dec], "4528": [5.0], "7550": [0.4], "5727": [1.5, [3]],
  "3778": [0.3, [3]], "2695": [0.6, [10]], "9861": [0.6, feb],
};

// biome-ignore format: one row per company
export const usDividends: Readonly<Record<string, UsDividendRow>> = {
  AAPL: [0.5, 2, 11], MSFT: [0.7, 2, 20], NVDA: [0.02, 3, 11], GOOGL: [0.4, 3, 9], META: [0.3, 3, 15],
  JPM: [1.9, 1, 6], V: [0.7, 2, 11], MA: [0.5, 1, 9], UNH: [2.9, 3, 16], XOM: [3.6, 2, 14],
  JNJ: [3.2, 2, 25], PG: [2.7, 1, 18], HD: [2.5, 3, 6], COST: [0.5, 2, 14], AVGO: [0.9, 3, 20],
  LLY: [0.8, 2, 14], QCOM: [2.3, 3, 5], ORCL: [0.8, 1, 10], CRM: [0.6, 3, 18], CSCO: [2.4, 1, 3],
  IBM: [2.4, 2, 10], ACN: [2.1, 1, 10], KO: [2.9, 3, 13], PEP: [4.1, 3, 6], MCD: [2.4, 3, 2],
  NKE: [2.2, 3, 2], DIS: [0.8, 1, 10, 2], CAT: [1.5, 1, 20], GS: [1.7, 3, 2], MS: [2.8, 1, 31],
  BAC: [2.2, 3, 7], WFC: [2.0, 2, 7], C: [2.5, 2, 3], T: [3.9, 1, 10], VZ: [6.3, 1, 10],
  TMUS: [1.5, 3, 1], PFE: [6.9, 2, 9], MRK: [4.0, 3, 15], ABBV: [3.5, 1, 15], BMY: [5.2, 1, 3],
  CVX: [4.5, 2, 18], WMT: [1.0, 3, 14], TGT: [4.4, 2, 12], SBUX: [2.6, 2, 14], MU: [0.4, 1, 6],
  TSM: [1.5, 3, 12], TXN: [2.6, 2, 1], ADI: [1.7, 3, 3], MRVL: [0.3, 1, 10], AMAT: [0.9, 2, 20],
  LRCX: [1.0, 3, 11], KLAC: [0.9, 2, 15], ASML: [0.9, 2, 28], DELL: [1.7, 1, 22], HPQ: [4.5, 3, 11],
  INTU: [0.5, 1, 10], TM: [2.5, 3, 31, 2], HMC: [4.5, 3, 31, 2], SONY: [0.5, 3, 31, 2],
  MUFG: [3.5, 3, 31, 2], BABA: [0.9, 6, 12, 1], JD: [3.0, 4, 8, 1], F: [5.2, 2, 7], GM: [1.2, 3, 6],
  UNP: [2.3, 2, 28], UPS: [6.5, 2, 18], FDX: [2.5, 3, 10], DE: [1.3, 3, 31], HON: [2.0, 2, 14],
  MMM: [1.9, 2, 24], GE: [0.6, 3, 10], RTX: [1.9, 2, 21], LMT: [2.8, 3, 1], NOC: [1.8, 3, 2],
  GD: [2.0, 1, 10], LIN: [1.3, 3, 5], NEE: [3.1, 3, 2], DUK: [3.6, 2, 14], SO: [3.2, 2, 18],
  AMT: [3.2, 3, 13], PLD: [3.8, 3, 17], SPG: [5.2, 3, 10], BLK: [2.0, 3, 7], SCHW: [1.2, 2, 14],
  SPGI: [0.7, 2, 26], CME: [1.8, 3, 10], BX: [2.7, 2, 3], AXP: [1.0, 1, 3], AIG: [2.1, 3, 16],
  MET: [2.8, 2, 4], PGR: [0.2, 1, 9], CB: [1.4, 3, 13], ABT: [1.8, 1, 15], TMO: [0.4, 3, 15],
  DHR: [0.7, 3, 27], MDT: [3.2, 3, 27], SYK: [0.9, 3, 31], AMGN: [3.3, 2, 14], GILD: [2.9, 3, 13],
  REGN: [0.6, 2, 19], CVS: [4.1, 1, 22], CI: [1.9, 3, 5], HUM: [1.5, 3, 30], MO: [6.8, 3, 25],
  PM: [3.0, 3, 27], MDLZ: [2.8, 3, 31], KHC: [5.9, 3, 31], CL: [2.3, 1, 21], KMB: [3.9, 3, 6],
  EL: [1.7, 2, 28], UL: [3.2, 2, 7], LOW: [2.1, 1, 21], TJX: [1.4, 2, 13], ROST: [1.2, 3, 10],
  YUM: [1.9, 2, 26], DPZ: [1.5, 3, 13], MAR: [1.0, 2, 21], BKNG: [0.7, 3, 6], EXPE: [0.9, 3, 2],
  RCL: [1.0, 3, 14], DAL: [1.2, 2, 20], LUV: [2.2, 3, 25], COP: [3.3, 2, 14], SLB: [3.3, 3, 4],
  OXY: [2.2, 3, 10], EOG: [3.3, 1, 17], SHEL: [4.0, 2, 14], BP: [6.1, 2, 14], TTE: [5.6, 3, 28],
  PBR: [10.0, 2, 20], NEM: [1.7, 3, 3], FCX: [1.4, 1, 15], NUE: [1.7, 3, 31], BHP: [5.0, 3, 7, 2],
  RIO: [6.5, 3, 8, 2], VALE: [7.0, 3, 11, 2], CMCSA: [3.7, 1, 1], EA: [0.5, 2, 26],
  HDB: [1.0, 7, 1, 1], LYG: [4.5, 4, 11, 2], INFY: [2.8, 5, 30, 2], NOK: [2.7, 1, 31],
  ERIC: [3.0, 4, 1, 2], SAP: [0.8, 5, 14, 1], NVO: [2.3, 3, 31, 2], AZN: [2.1, 2, 21, 2],
};

export interface DividendTerms {
  annualYield: number;
  recordMonths: readonly number[];
  recordDay: number | null;
}

/** A listed name's dividend terms (yield as a fraction, 0.036 = 3.6%); undefined if it pays none. */
export function dividendTermsOf(market: "JP" | "US", code: string): DividendTerms | undefined {
  if (market === "JP") {
    const row = jpDividends[code];
    if (!row) return undefined;
    return { annualYield: row[0] / 100, recordMonths: row[1] ?? [3, 9], recordDay: null };
  }
  const row = usDividends[code];
  if (!row) return undefined;
  const [yieldPct, firstMonth, recordDay, perYear = 4] = row;
  const step = 12 / perYear;
  const recordMonths = Array.from(
    { length: perYear },
    (_, index) => ((firstMonth - 1 + index * step) % 12) + 1,
  );
  return { annualYield: yieldPct / 100, recordMonths: recordMonths.sort((a, b) => a - b), recordDay };
}
