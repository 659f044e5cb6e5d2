/** The news pages and the announcement lists (advisories, bids, careers) with their attachments; staff-written titles and bodies stay as written. */
import type { NewsKind } from "../../modules/shared/constants";
import { defineMessages } from "../../modules/shared/i18n";

export const newsMessages = defineMessages({
  en: {
    "news.kind.electricity-rates": "Electricity Rates",
    "news.kind.events-and-activities": "Events and Activities",
    "news.kind.invitation-to-bid": "Invitation to Bid",
    "news.kind.supply-and-load-demand": "Supply and Load Demand",
    "news.about.electricity-rates": "News about electricity rates: generation charges, adjustments and what they mean for your bill.",
    "news.about.events-and-activities": "Events and activities of the cooperative with its member-consumer-owners.",
    "news.about.invitation-to-bid": "Bid bulletins and pre-bid conferences of the cooperative.",
    "news.about.supply-and-load-demand": "Power supply and load demand updates for western Pangasinan.",

    "news.description": (p: { name: string }) =>
      `The latest news of ${p.name}: advisories, electricity rates, events, bids, and power supply and demand.`,
    "news.sections": "News sections",
    "news.allAdvisories": "All advisories",
    "news.noAdvisories": "There are no advisories right now.",
    "news.allOfKind": (p: { title: string }) => `All ${p.title} news`,
    "news.nothingYet": "Nothing posted yet.",
    "news.posted": "Posted",
    "news.moreOfKind": (p: { title: string }) => `More ${p.title} news`,
    "news.categoryDescription": (p: { title: string; name: string }) => `${p.title}: news of ${p.name}.`,
    "news.categoryEmpty": (p: { title: string }) => `Nothing has been posted under ${p.title} yet. Please check again soon.`,
    "news.other": "Other news",

    "news.filter.monthError": (p: { year: number }) =>
      `Choose a month from January ${p.year} to this month, written YYYY-MM (for example 2024-03).`,
    "news.filter.qError": "Use at most 100 characters.",
    "news.filter.label": (p: { title: string }) => `Filter ${p.title}`,
    "news.filter.month": "Month posted",
    "news.filter.monthHint": "For example 2024-03",
    "news.filter.search": "Search",
    "news.filter.words": "Words in the title or text",
    "news.filter.show": "Show news",
    "news.filter.clear": "Clear filters",
    "news.filter.in": (p: { month: string }) => `posted in ${p.month}`,
    "news.filter.matching": (p: { q: string }) => `matching “${p.q}”`,
    "news.filter.and": " and ",
    "news.count": (p: { n: number; described: string }) => `${p.n} ${p.n === 1 ? "item" : "items"}${p.described ? ` ${p.described}` : ""}.`,
    "news.none": "No news found.",
    "news.noneTitle": "No news found",
    "news.noneFiltered": (p: { title: string; described: string }) =>
      `There is no ${p.title.toLowerCase()} news ${p.described}. Try another month or other words.`,
    "news.noneYet": (p: { title: string }) => `There is no ${p.title.toLowerCase()} news yet. Please check again soon.`,
    "news.showAll": (p: { title: string }) => `Show all ${p.title} news`,
    "news.ratesLink": "See this month’s electricity rates",

    "ann.advisories.description": (p: { name: string }) =>
      `Advisories from ${p.name}: typhoon alerts, office schedules, payment reminders and notices to member-consumers.`,
    "ann.advisories.intro": "Notices to member-consumers, newest first. Open an item to read it and see its attachments.",
    "ann.advisories.feed": "Follow the advisories in a feed reader (Atom feed)",
    "ann.advisories.feedTitle": (p: { name: string }) => `${p.name} advisories`,
    "ann.advisories.label": "Advisories",
    "ann.bids.title": "Invitation to Bid",
    "ann.bids.description": (p: { name: string }) =>
      `Invitations to bid of ${p.name}: supply, delivery and construction, with the bid documents to download.`,
    "ann.bids.intro":
      "The cooperative invites eligible suppliers and contractors to bid. Open an item to see its details and bid documents.",
    "ann.bids.label": "Invitations to bid",
    "ann.bids.empty": "There are no invitations to bid right now. Please check again soon.",
    "ann.bids.open": "Open this invitation on its own page",
    "ann.bid.description": (p: { title: string }) => `Invitation to bid: ${p.title}`,
    "ann.bid.documents": "Bid documents",
    "ann.bid.all": "All invitations to bid",
    "ann.careers.description": (p: { name: string }) => `Job openings at ${p.name}, with the requirements and how to apply.`,
    "ann.careers.intro": "Join the cooperative that lights up western Pangasinan. Open a posting to see its details and requirements.",
    "ann.careers.label": "Job postings",
    "ann.careers.empty": "There are no job openings right now. Please check again soon.",

    "attach.none": "No attachments.",
    "attach.heading": "Attachments",
    "attach.image": "Image",
    "attach.file": "File",
    "attach.bytes": (p: { n: number }) => `${p.n} bytes`,
    "attach.newTab": " (opens in a new tab)",
    "spin.loading": "Loading…",
    "spin.slow": "This is taking longer than it should. Check your connection and try again.",
    "spin.retry": "Retry",
  },
  fil: {
    "news.kind.electricity-rates": "Singil sa Kuryente",
    "news.kind.events-and-activities": "Mga Kaganapan at Aktibidad",
    "news.kind.invitation-to-bid": "Paanyaya sa Bidding",
    "news.kind.supply-and-load-demand": "Suplay at Pangangailangan sa Kuryente",
    "news.about.electricity-rates":
      "Mga balita tungkol sa singil sa kuryente: generation charge, mga pagbabago sa singil at kung ano ang epekto nito sa inyong bill.",
    "news.about.events-and-activities": "Mga kaganapan at aktibidad ng kooperatiba kasama ang mga member-consumer-owner nito.",
    "news.about.invitation-to-bid": "Mga bid bulletin at pre-bid conference ng kooperatiba.",
    "news.about.supply-and-load-demand": "Mga balita tungkol sa suplay ng kuryente at pangangailangan dito sa kanlurang Pangasinan.",

    "news.description": (p: { name: string }) =>
      `Ang mga pinakabagong balita ng ${p.name}: mga abiso, singil sa kuryente, kaganapan, bidding, at suplay at pangangailangan sa kuryente.`,
    "news.sections": "Mga uri ng balita",
    "news.allAdvisories": "Lahat ng abiso",
    "news.noAdvisories": "Walang abiso sa ngayon.",
    "news.allOfKind": (p: { title: string }) => `Lahat ng balita: ${p.title}`,
    "news.nothingYet": "Wala pang nailalathala.",
    "news.posted": "Inilathala noong",
    "news.moreOfKind": (p: { title: string }) => `Iba pang balita: ${p.title}`,
    "news.categoryDescription": (p: { title: string; name: string }) => `${p.title}: mga balita ng ${p.name}.`,
    "news.categoryEmpty": (p: { title: string }) =>
      `Wala pang nailalathala sa ilalim ng ${p.title}. Pakitingnan muli sa lalong madaling panahon.`,
    "news.other": "Iba pang balita",

    "news.filter.monthError": (p: { year: number }) =>
      `Pumili ng buwan mula Enero ${p.year} hanggang sa buwang ito, na nakasulat bilang YYYY-MM (halimbawa 2024-03).`,
    "news.filter.qError": "Hanggang 100 titik lamang.",
    "news.filter.label": (p: { title: string }) => `Salain ang ${p.title}`,
    "news.filter.month": "Buwan ng paglathala",
    "news.filter.monthHint": "Halimbawa 2024-03",
    "news.filter.search": "Maghanap",
    "news.filter.words": "Mga salita sa pamagat o teksto",
    "news.filter.show": "Ipakita ang balita",
    "news.filter.clear": "Alisin ang mga filter",
    "news.filter.in": (p: { month: string }) => `na inilathala noong ${p.month}`,
    "news.filter.matching": (p: { q: string }) => `na may salitang “${p.q}”`,
    "news.filter.and": ", ",
    "news.count": (p: { n: number; described: string }) => `${p.n} balita${p.described ? ` ${p.described}` : ""}.`,
    "news.none": "Walang nakitang balita.",
    "news.noneTitle": "Walang nakitang balita",
    "news.noneFiltered": (p: { title: string; described: string }) =>
      `Walang balita sa ${p.title} ${p.described}. Subukan ang ibang buwan o ibang salita.`,
    "news.noneYet": (p: { title: string }) => `Wala pang balita sa ${p.title}. Pakitingnan muli sa lalong madaling panahon.`,
    "news.showAll": (p: { title: string }) => `Ipakita ang lahat ng balita: ${p.title}`,
    "news.ratesLink": "Tingnan ang singil sa kuryente ngayong buwan",

    "ann.advisories.description": (p: { name: string }) =>
      `Mga abiso mula sa ${p.name}: babala sa bagyo, oras ng tanggapan, paalala sa pagbabayad at iba pang paunawa sa mga member-consumer.`,
    "ann.advisories.intro":
      "Mga paunawa sa mga member-consumer, nauuna ang pinakabago. Buksan ang isang abiso para mabasa ito at makita ang mga kalakip nito.",
    "ann.advisories.feed": "Subaybayan ang mga abiso sa isang feed reader (Atom feed)",
    "ann.advisories.feedTitle": (p: { name: string }) => `Mga abiso ng ${p.name}`,
    "ann.advisories.label": "Mga abiso",
    "ann.bids.title": "Paanyaya sa Bidding",
    "ann.bids.description": (p: { name: string }) =>
      `Mga paanyaya sa bidding ng ${p.name}: suplay, paghahatid at konstruksyon, kasama ang mga bid document na maaaring i-download.`,
    "ann.bids.intro":
      "Inaanyayahan ng kooperatiba ang mga kwalipikadong supplier at kontratista na mag-bid. Buksan ang isang paanyaya para makita ang mga detalye at bid document nito.",
    "ann.bids.label": "Mga paanyaya sa bidding",
    "ann.bids.empty": "Walang paanyaya sa bidding sa ngayon. Pakitingnan muli sa lalong madaling panahon.",
    "ann.bids.open": "Buksan ang paanyayang ito sa sarili nitong pahina",
    "ann.bid.description": (p: { title: string }) => `Paanyaya sa bidding: ${p.title}`,
    "ann.bid.documents": "Mga bid document",
    "ann.bid.all": "Lahat ng paanyaya sa bidding",
    "ann.careers.description": (p: { name: string }) =>
      `Mga bakanteng trabaho sa ${p.name}, kasama ang mga kailangan at kung paano mag-apply.`,
    "ann.careers.intro":
      "Sumali sa kooperatibang nagbibigay-liwanag sa kanlurang Pangasinan. Buksan ang isang posting para makita ang mga detalye at kailangan nito.",
    "ann.careers.label": "Mga bakanteng trabaho",
    "ann.careers.empty": "Walang bakanteng trabaho sa ngayon. Pakitingnan muli sa lalong madaling panahon.",

    "attach.none": "Walang kalakip.",
    "attach.heading": "Mga kalakip",
    "attach.image": "Larawan",
    "attach.file": "Dokumento",
    "attach.bytes": (p: { n: number }) => `${p.n} byte`,
    "attach.newTab": " (bubukas sa bagong tab)",
    "spin.loading": "Naglo-load…",
    "spin.slow": "Mas matagal ito kaysa dapat. Tingnan ang inyong koneksyon at subukan muli.",
    "spin.retry": "Subukan muli",
  },
});

/** Each news kind's title and one-line description in the catalog. */
export const NEWS_KIND_KEYS = {
  "electricity-rates": "news.kind.electricity-rates",
  "events-and-activities": "news.kind.events-and-activities",
  "invitation-to-bid": "news.kind.invitation-to-bid",
  "supply-and-load-demand": "news.kind.supply-and-load-demand",
} as const satisfies Record<NewsKind, string>;

export const NEWS_KIND_ABOUT_KEYS = {
  "electricity-rates": "news.about.electricity-rates",
  "events-and-activities": "news.about.events-and-activities",
  "invitation-to-bid": "news.about.invitation-to-bid",
  "supply-and-load-demand": "news.about.supply-and-load-demand",
} as const satisfies Record<NewsKind, string>;
