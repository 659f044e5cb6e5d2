/** The About pages: about us, company profile, mission and vision, pledge, coverage area, organizational structure, board, gallery. */
import { defineMessages } from "../../modules/shared/i18n";

export const aboutMessages = defineMessages({
  en: {
    "about.description": (p: { name: string; since: number }) =>
      `Who we are: ${p.name}, the electric cooperative of western Pangasinan since ${p.since}.`,
    "about.lead": (p: { name: string; short: string; since: number }) =>
      `The ${p.name} (${p.short}) is a non-stock, non-profit electric cooperative owned by the member-consumers it serves. Since ${p.since} it has brought electric light and power to the City of Alaminos and the towns of Bolinao, Anda, Bani, Agno, Burgos, Mabini, Dasol and Infanta.`,
    "about.owners":
      "Every member-consumer is an owner: members elect a director for their district, who together form the Board that sets our policies. Our employees, from the linemen on the poles to the tellers at the payment windows, work to keep the power on safely and at a fair price.",
    "about.learnMore": "Learn more about us",
    "about.link.profile": "Our history, franchise area and what we do.",
    "about.link.missionVision": "Where we are going and the values that guide us.",
    "about.link.pledge": "The promise every member and employee makes.",
    "about.link.coverage": "The city and eight towns we serve, on a map.",
    "about.link.structure": "From the member-consumer-owners to our six departments.",
    "about.link.bod": "The directors elected by each district, and our general manager.",
    "about.link.gallery": "Pictures of our people, offices and crews at work.",
    "about.beingUpdated": "Being updated. Please come back soon.",

    "profile.description": (p: { name: string }) => `The company profile of the ${p.name}: history, franchise area and services.`,
    "profile.year": (p: { year: number }) => `Profile for ${p.year} · `,
    "profile.updated": "Last updated",
    "profile.empty": "The company profile is being updated. Please come back soon.",

    "mv.description": (p: { name: string }) => `The vision, mission and core values of the ${p.name}.`,
    "mv.vision": "Vision",
    "mv.mission": "Mission",
    "mv.core": "Core Values",

    "pledge.description": (p: { name: string }) => `The cooperative pledge of the ${p.name}.`,
    "pledge.1": "I am a member-consumer-owner of my electric cooperative.",
    "pledge.2": "I pledge to pay my electric bill on time, for the power I use keeps the lights on for my neighbors too.",
    "pledge.3": "I pledge to use electricity wisely and safely, and never to tamper with a meter or steal power.",
    "pledge.4":
      "I pledge to take part in the life of my cooperative: to attend our general assemblies, to vote for our directors, and to speak up for what is right.",
    "pledge.5": "I pledge to care for the lines, poles and equipment that serve our community, and to report dangers and outages at once.",
    "pledge.6":
      "I pledge to uphold honesty, unity and service, so that our cooperative will light the homes of western Pangasinan for generations to come.",
    "pledge.close": "So help me God.",

    "coverage.description":
      "The nine towns we serve in western Pangasinan: Bolinao, Anda, Bani, Agno, Alaminos City, Burgos, Mabini, Dasol and Infanta.",
    "coverage.intro":
      "We serve the City of Alaminos and eight towns of western Pangasinan, from the tip of Bolinao to Infanta. Point at, tap or tab to a town on the map to see its district.",
    "coverage.sea": "West Philippine Sea",
    "coverage.gulf": "Lingayen Gulf",
    "coverage.north": "N",
    "coverage.area.north": "North area",
    "coverage.area.south": "South area",
    "coverage.district": (p: { n: number }) => `District ${p.n}`,
    "coverage.caption": "Map of the nine towns in our franchise area, western Pangasinan",
    "coverage.towns": "Towns we serve",
    "coverage.offices": "Our main office is in Bani. The north area office is in Bolinao and the south area office in Dasol; see",
    "coverage.reach": "how to reach them",

    "structure.description": (p: { name: string }) =>
      `How the ${p.name} is organized: member-consumer-owners, Board of Directors, General Manager and six departments.`,
    "structure.intro": "Choose a department to see its staff positions.",
    "structure.chain": "Chain of authority, from the members to the departments",
    "structure.level.members": "Member Consumer Owners",
    "structure.level.board": "Board of Directors",
    "structure.level.gm": "General Manager",
    "structure.departments": "Departments",
    "structure.positions": "Staff positions",
    "structure.none": "No department chosen. Choose one of the six departments above to see its staff positions.",

    "bod.description": (p: { name: string }) => `The Board of Directors of the ${p.name}, one for each district, and the General Manager.`,
    "bod.intro":
      "Each of our nine districts elects one director. The Board sets the cooperative's policies and appoints the General Manager.",
    "bod.directors": "Directors",
    "bod.management": "Management",
    "bod.district": "District:",
    "bod.position.chair": "Chairperson",
    "bod.position.viceChair": "Vice Chairperson",
    "bod.position.secretary": "Secretary",
    "bod.position.treasurer": "Treasurer",
    "bod.position.member": "Member",
    "bod.position.gm": "General Manager",

    "gallery.description": (p: { name: string }) =>
      `Pictures of the ${p.name}: our consumers, employees, substations, area offices and crews.`,
    "gallery.intro": "Choose a picture to see it larger.",
    "gallery.empty": "There are no pictures yet.",
  },
  fil: {
    "about.description": (p: { name: string; since: number }) =>
      `Kung sino kami: ang ${p.name}, ang electric cooperative ng kanlurang Pangasinan mula pa noong ${p.since}.`,
    "about.lead": (p: { name: string; short: string; since: number }) =>
      `Ang ${p.name} (${p.short}) ay isang non-stock at non-profit na electric cooperative na pag-aari ng mga member-consumer na pinagsisilbihan nito. Mula pa noong ${p.since}, naghahatid ito ng ilaw at kuryente sa Lungsod ng Alaminos at sa mga bayan ng Bolinao, Anda, Bani, Agno, Burgos, Mabini, Dasol at Infanta.`,
    "about.owners":
      "Bawat member-consumer ay may-ari: naghahalal ang mga miyembro ng direktor para sa kanilang distrito, at ang mga direktor ang bumubuo sa Lupon na nagtatakda ng aming mga patakaran. Ang aming mga empleyado, mula sa mga lineman sa poste hanggang sa mga teller sa bayaran, ay nagsisikap na tuloy-tuloy ang kuryente, ligtas at sa makatarungang halaga.",
    "about.learnMore": "Higit pa tungkol sa amin",
    "about.link.profile": "Ang aming kasaysayan, sakop na lugar at mga gawain.",
    "about.link.missionVision": "Ang aming tinatahak at ang mga pagpapahalagang gumagabay sa amin.",
    "about.link.pledge": "Ang pangakong binibigkas ng bawat miyembro at empleyado.",
    "about.link.coverage": "Ang lungsod at walong bayang pinagsisilbihan namin, sa mapa.",
    "about.link.structure": "Mula sa mga member-consumer-owner hanggang sa aming anim na departamento.",
    "about.link.bod": "Ang mga direktor na inihalal ng bawat distrito, at ang aming general manager.",
    "about.link.gallery": "Mga larawan ng aming mga tao, tanggapan at crew habang nagtatrabaho.",
    "about.beingUpdated": "Kasalukuyang ina-update. Pakibalikan muli sa lalong madaling panahon.",

    "profile.description": (p: { name: string }) => `Ang profile ng ${p.name}: kasaysayan, sakop na lugar at mga serbisyo.`,
    "profile.year": (p: { year: number }) => `Profile para sa ${p.year} · `,
    "profile.updated": "Huling na-update noong",
    "profile.empty": "Kasalukuyang ina-update ang profile ng kooperatiba. Pakibalikan muli sa lalong madaling panahon.",

    "mv.description": (p: { name: string }) => `Ang bisyon, misyon at mga pangunahing pagpapahalaga ng ${p.name}.`,
    "mv.vision": "Bisyon",
    "mv.mission": "Misyon",
    "mv.core": "Mga Pangunahing Pagpapahalaga",

    "pledge.description": (p: { name: string }) => `Ang panata ng kooperatiba ng ${p.name}.`,
    "pledge.1": "Ako ay isang member-consumer-owner ng aking electric cooperative.",
    "pledge.2":
      "Nangangako akong babayaran sa takdang oras ang aking bill sa kuryente, sapagkat ang kuryenteng ginagamit ko ay nagpapailaw din sa aking mga kapitbahay.",
    "pledge.3":
      "Nangangako akong gagamitin ang kuryente nang matipid at ligtas, at hinding-hindi ko gagalawin ang metro o magnanakaw ng kuryente.",
    "pledge.4":
      "Nangangako akong makikilahok sa buhay ng aking kooperatiba: dadalo sa aming mga pangkalahatang pagpupulong, boboto para sa aming mga direktor, at magsasalita para sa tama.",
    "pledge.5":
      "Nangangako akong iingatan ang mga linya, poste at kagamitang naglilingkod sa aming komunidad, at agad na iuulat ang panganib at pagkawala ng kuryente.",
    "pledge.6":
      "Nangangako akong itataguyod ang katapatan, pagkakaisa at paglilingkod, upang patuloy na mailawan ng aming kooperatiba ang mga tahanan sa kanlurang Pangasinan sa mga susunod na salinlahi.",
    "pledge.close": "Kasihan nawa ako ng Diyos.",

    "coverage.description":
      "Ang siyam na bayang pinagsisilbihan namin sa kanlurang Pangasinan: Bolinao, Anda, Bani, Agno, Alaminos City, Burgos, Mabini, Dasol at Infanta.",
    "coverage.intro":
      "Pinagsisilbihan namin ang Lungsod ng Alaminos at walong bayan ng kanlurang Pangasinan, mula sa dulo ng Bolinao hanggang Infanta. Ituro, pindutin o puntahan gamit ang Tab ang isang bayan sa mapa para makita ang distrito nito.",
    "coverage.sea": "Kanlurang Dagat ng Pilipinas",
    "coverage.gulf": "Golpo ng Lingayen",
    "coverage.north": "H",
    "coverage.area.north": "Hilagang area",
    "coverage.area.south": "Timog na area",
    "coverage.district": (p: { n: number }) => `Distrito ${p.n}`,
    "coverage.caption": "Mapa ng siyam na bayan sa aming sakop na lugar, kanlurang Pangasinan",
    "coverage.towns": "Mga bayang pinagsisilbihan namin",
    "coverage.offices":
      "Nasa Bani ang aming pangunahing tanggapan. Nasa Bolinao ang tanggapan ng hilagang area at nasa Dasol ang sa timog na area; tingnan",
    "coverage.reach": "kung paano sila makakausap",

    "structure.description": (p: { name: string }) =>
      `Paano nakaayos ang ${p.name}: mga member-consumer-owner, Lupon ng mga Direktor, General Manager at anim na departamento.`,
    "structure.intro": "Pumili ng departamento para makita ang mga posisyon ng kawani nito.",
    "structure.chain": "Hanay ng pamunuan, mula sa mga miyembro hanggang sa mga departamento",
    "structure.level.members": "Mga Member-Consumer-Owner",
    "structure.level.board": "Lupon ng mga Direktor",
    "structure.level.gm": "General Manager",
    "structure.departments": "Mga Departamento",
    "structure.positions": "Mga posisyon ng kawani",
    "structure.none":
      "Wala pang napiling departamento. Pumili ng isa sa anim na departamento sa itaas para makita ang mga posisyon ng kawani nito.",

    "bod.description": (p: { name: string }) => `Ang Lupon ng mga Direktor ng ${p.name}, isa sa bawat distrito, at ang General Manager.`,
    "bod.intro":
      "Bawat isa sa aming siyam na distrito ay naghahalal ng isang direktor. Ang Lupon ang nagtatakda ng mga patakaran ng kooperatiba at nagtatalaga ng General Manager.",
    "bod.directors": "Mga Direktor",
    "bod.management": "Pamunuan",
    "bod.district": "Distrito:",
    "bod.position.chair": "Tagapangulo",
    "bod.position.viceChair": "Pangalawang Tagapangulo",
    "bod.position.secretary": "Kalihim",
    "bod.position.treasurer": "Ingat-yaman",
    "bod.position.member": "Kasapi ng Lupon",
    "bod.position.gm": "General Manager",

    "gallery.description": (p: { name: string }) =>
      `Mga larawan ng ${p.name}: ang aming mga konsumer, empleyado, substation, tanggapan sa mga area at crew.`,
    "gallery.intro": "Pumili ng larawan para makita ito nang mas malaki.",
    "gallery.empty": "Wala pang mga larawan.",
  },
});
