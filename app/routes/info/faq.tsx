import { CONTRACT_TERMS, COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/faq";
import "./info.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Frequently Asked Questions | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Answers to common questions about new connections, bills and power interruptions." },
];

const FAQ = [
  {
    q: "How do I apply for a new electric service connection?",
    a: (
      <>
        <p>
          Pre-register online through the <a href="/service/new-service-connection">new service connection form</a>, then bring the
          requirements to the nearest area office. You will attend a pre-membership education seminar, and our technicians will inspect your
          house wiring before the meter is installed.
        </p>
      </>
    ),
  },
  {
    q: "When is my electric bill due, and what happens if I pay late?",
    a: (
      <p>
        Pay within {CONTRACT_TERMS.billPaymentDays} days of receiving your bill. If it stays unpaid, we give a written disconnection notice{" "}
        {CONTRACT_TERMS.disconnectionNoticeHours} hours before we disconnect, and a grace period of {CONTRACT_TERMS.disconnectionGraceHours}{" "}
        hours at disconnection (once per bill).
      </p>
    ),
  },
  {
    q: "How will I know about scheduled power interruptions?",
    a: (
      <p>
        We post every scheduled interruption on the <a href="/news/power-interruptions">power interruption schedules</a> page, with the
        date, time and the barangays affected. For an unplanned outage, call our 24/7 hotline at{" "}
        <a href={COOPERATIVE.phoneHref}>{COOPERATIVE.phone}</a>.
      </p>
    ),
  },
];

export default function Faq() {
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "FAQ" }]} />
      <h1>Frequently Asked Questions</h1>
      <div className="faq">
        {FAQ.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>
              <h2 className="faq__question">{item.q}</h2>
            </summary>
            <div className="faq__answer">{item.a}</div>
          </details>
        ))}
      </div>
      <p>
        Still have a question? <a href="/contact-us">Contact us</a>.
      </p>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
