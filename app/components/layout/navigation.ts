/** The site's menu: every routed page, grouped as members look for them. */
export interface NavLink {
  to: string;
  label: string;
}
export interface NavGroup {
  label: string;
  to?: string;
  children: NavLink[];
}
export type NavItem = NavLink | NavGroup;

export function buildNavigation(categories: { tag: string; title: string }[]): NavItem[] {
  return [
    { to: "/", label: "Home" },
    {
      label: "About",
      children: [
        { to: "/about-us", label: "About Us" },
        { to: "/about/company-profile", label: "Company Profile" },
        { to: "/about/mission-vision", label: "Mission and Vision" },
        { to: "/about/pledge", label: "Cooperative Pledge" },
        { to: "/about/coverage-area", label: "Coverage Area" },
        { to: "/about/organizational-structure", label: "Organizational Structure" },
        { to: "/about/bod", label: "Board of Directors" },
        { to: "/gallery", label: "Gallery" },
      ],
    },
    {
      label: "News",
      children: [
        { to: "/news", label: "All News" },
        { to: "/news/power-interruptions", label: "Power Interruptions" },
        { to: "/news/advisories", label: "News and Advisories" },
        { to: "/news/electricity-rates", label: "Electricity Rates News" },
        { to: "/news/events-and-activities", label: "Events and Activities" },
        { to: "/news/supply-and-load-demand", label: "Supply and Load Demand" },
        { to: "/news/invitation-to-bid", label: "Invitation to Bid News" },
        ...categories.map((c) => ({ to: `/news/${encodeURIComponent(c.tag)}`, label: c.title })),
      ],
    },
    { to: "/rates", label: "Rates" },
    {
      label: "Services",
      children: [
        { to: "/services", label: "Our Services" },
        { to: "/service/new-service-connection", label: "New Service Connection" },
        { to: "/service/bill-inquiry", label: "Bill Inquiry" },
        { to: "/service/request-complaint", label: "Requests and Complaints" },
        { to: "/customer-satisfaction-survey", label: "Customer Satisfaction Survey" },
      ],
    },
    { to: "/bids", label: "Bids" },
    { to: "/careers", label: "Careers" },
    {
      label: "AGAM",
      children: [
        { to: "/agam-registration", label: "AGAM Registration" },
        { to: "/agam-status", label: "Registration Status" },
      ],
    },
    {
      label: "Contact",
      children: [
        { to: "/contact-us", label: "Contact Us" },
        { to: "/faq", label: "FAQ" },
        { to: "/mco/login", label: "Member Portal" },
      ],
    },
  ];
}
