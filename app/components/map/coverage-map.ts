/**
 * The coverage map's drawing: each town as a simple polygon in its true relative
 * position (x grows east, y grows south; 1 unit ≈ 0.001° of longitude/latitude,
 * from 119.70° E, 16.45° N). Neighbouring towns share corner points.
 */
import type { Town } from "../../../modules/shared/constants";

const P = {
  A: [60, 60],
  B: [120, 22],
  C: [200, 30],
  D: [232, 85],
  E: [225, 160],
  F: [200, 205],
  G: [110, 205],
  H: [70, 165],
  I: [52, 112],
  J: [235, 215],
  K: [240, 290],
  L: [200, 318],
  M: [140, 310],
  N: [100, 265],
  O: [295, 205],
  Pp: [352, 232],
  Q: [362, 300],
  R: [332, 360],
  S: [262, 365],
  T: [150, 345],
  U: [130, 400],
  V: [75, 385],
  W: [48, 330],
  X: [60, 280],
  Y: [215, 350],
  Z: [205, 420],
  AA: [160, 445],
  AB: [300, 420],
  AC: [250, 450],
  AD: [245, 520],
  AE: [200, 560],
  AF: [140, 545],
  AG: [110, 490],
  AH: [270, 560],
  AI: [280, 640],
  AJ: [220, 675],
  AK: [160, 660],
} as const satisfies Record<string, readonly [number, number]>;
type Key = keyof typeof P;

const poly = (...keys: Key[]) => keys.map((k) => P[k].join(",")).join(" ");

export interface MapTown {
  town: Town;
  points: string;
  /** Where the name is written. */
  label: [number, number];
}

export const MAP_VIEWBOX = "0 0 400 690";

export const MAP_TOWNS: MapTown[] = [
  { town: "Bolinao", points: poly("A", "B", "C", "D", "E", "F", "G", "H", "I"), label: [140, 118] },
  { town: "Anda", points: "250,105 300,92 348,118 342,172 292,192 252,176", label: [298, 146] },
  { town: "Bani", points: poly("G", "F", "J", "K", "L", "M", "N"), label: [172, 262] },
  { town: "Alaminos", points: poly("J", "O", "Pp", "Q", "R", "S", "K"), label: [300, 292] },
  { town: "Agno", points: poly("N", "M", "T", "U", "V", "W", "X"), label: [96, 336] },
  { town: "Burgos", points: poly("M", "L", "Y", "Z", "AA", "U", "T"), label: [172, 388] },
  { town: "Mabini", points: poly("L", "K", "S", "R", "AB", "AC", "Z", "Y"), label: [258, 392] },
  { town: "Dasol", points: poly("V", "U", "AA", "Z", "AC", "AD", "AE", "AF", "AG"), label: [180, 492] },
  { town: "Infanta", points: poly("AF", "AE", "AD", "AH", "AI", "AJ", "AK"), label: [218, 612] },
];
