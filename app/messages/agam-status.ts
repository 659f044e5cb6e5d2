/** The AGAM status page's words (split from app/messages/agam.ts so that the other AGAM pages do not ship these strings). */
import { defineMessages } from "../../modules/shared/i18n";

export const agamStatusMessages = defineMessages({
  en: {
    "agam.status.title": "AGAM Registration Status",
    "agam.status.description": (p: { org: string; quorum: string }) =>
      `Live count of members registered for the ${p.org} Annual General Membership Assembly, toward the quorum of ${p.quorum}.`,
    "agam.status.registered": "Registered members",
    "agam.status.reached": (p: { total: string; quorum: string }) => `Quorum reached: ${p.total} members registered (target ${p.quorum}).`,
    "agam.status.toward": (p: { total: string; quorum: string }) => `${p.total} of ${p.quorum} members needed for quorum have registered.`,
    "agam.status.progress": "Progress toward quorum:",
    "agam.status.total": "Total registered",
    "agam.status.northDistricts": "North districts",
    "agam.status.southDistricts": "South districts",
    "agam.status.target": "Quorum target",
    "agam.status.reload": "Reload the page for the latest counts.",
    "agam.status.live": "These counts update by themselves.",
    "agam.status.perDistrict": "Member consumers per district",
    "agam.status.caption": "Member consumers in each of the nine districts",
    "agam.status.district": "District",
    "agam.status.town": "Town",
    "agam.status.area": "Area",
    "agam.status.members": "Member consumers",
    "agam.status.north": "North",
    "agam.status.south": "South",
    "agam.status.totalMembers": "Total member consumers",
    "agam.status.quorumLabel": "Quorum:",
    "agam.status.quorumNote": (p: { total: string }) => ` registered members, about 5% of the ${p.total} member consumers.`,
  },
  fil: {
    "agam.status.title": "Katayuan ng Pagpaparehistro sa AGAM",
    "agam.status.description": (p: { org: string; quorum: string }) =>
      `Bilang ng mga miyembrong nakarehistro sa Taunang Pangkalahatang Pulong ng mga Miyembro ng ${p.org}, patungo sa quorum na ${p.quorum}.`,
    "agam.status.registered": "Mga nakarehistrong miyembro",
    "agam.status.reached": (p: { total: string; quorum: string }) =>
      `Naabot na ang quorum: ${p.total} miyembro ang nakarehistro (target ${p.quorum}).`,
    "agam.status.toward": (p: { total: string; quorum: string }) =>
      `${p.total} sa ${p.quorum} miyembrong kailangan para sa quorum ang nakarehistro na.`,
    "agam.status.progress": "Pag-usad patungo sa quorum:",
    "agam.status.total": "Kabuuang nakarehistro",
    "agam.status.northDistricts": "Mga distrito sa hilaga",
    "agam.status.southDistricts": "Mga distrito sa timog",
    "agam.status.target": "Target na quorum",
    "agam.status.reload": "I-reload ang pahina para sa pinakabagong bilang.",
    "agam.status.live": "Kusang nag-a-update ang mga bilang na ito.",
    "agam.status.perDistrict": "Mga member consumer bawat distrito",
    "agam.status.caption": "Mga member consumer sa bawat isa sa siyam na distrito",
    "agam.status.district": "Distrito",
    "agam.status.town": "Bayan",
    "agam.status.area": "Lugar",
    "agam.status.members": "Mga member consumer",
    "agam.status.north": "Hilaga",
    "agam.status.south": "Timog",
    "agam.status.totalMembers": "Kabuuang member consumer",
    "agam.status.quorumLabel": "Kailangang quorum:",
    "agam.status.quorumNote": (p: { total: string }) => ` nakarehistrong miyembro, mga 5% ng ${p.total} na member consumer.`,
  },
});
