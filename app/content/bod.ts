/** The Board of Directors and the General Manager (spec: static cards). One director per district. */
import type { Town } from "../../modules/shared/constants";

export interface BoardMember {
  name: string;
  position: string;
  /** The district the director represents; the general manager has none. */
  district: Town | null;
}

export const BOARD: readonly BoardMember[] = [
  { name: "Engr. Rodolfo C. Caasi", position: "Chairperson", district: "Anda" },
  { name: "Atty. Marissa L. Rabago", position: "Vice Chairperson", district: "Alaminos" },
  { name: "Ms. Teresita D. Soriano", position: "Secretary", district: "Mabini" },
  { name: "Mr. Fernando P. Celeste", position: "Treasurer", district: "Bolinao" },
  { name: "Mr. Danilo R. Castillo", position: "Member", district: "Burgos" },
  { name: "Mrs. Evangeline S. Navarro", position: "Member", district: "Bani" },
  { name: "Mr. Romeo A. Estrada", position: "Member", district: "Dasol" },
  { name: "Dr. Leticia M. Villanueva", position: "Member", district: "Infanta" },
  { name: "Mr. Arnel T. Bautista", position: "Member", district: "Agno" },
  { name: "Engr. Ricardo V. Tolentino", position: "General Manager", district: null },
];
