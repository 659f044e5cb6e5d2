import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import type { Route } from "./+types/pledge";
import "./about.css";
import { socialMeta } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Cooperative Pledge | ${COOPERATIVE.shortName}` },
  { name: "description", content: `The cooperative pledge of the ${COOPERATIVE.name}.` },
];

/** The pledge is static text (spec). */
const PLEDGE = [
  "I am a member-consumer-owner of my electric cooperative.",
  "I pledge to pay my electric bill on time, for the power I use keeps the lights on for my neighbors too.",
  "I pledge to use electricity wisely and safely, and never to tamper with a meter or steal power.",
  "I pledge to take part in the life of my cooperative: to attend our general assemblies, to vote for our directors, and to speak up for what is right.",
  "I pledge to care for the lines, poles and equipment that serve our community, and to report dangers and outages at once.",
  "I pledge to uphold honesty, unity and service, so that our cooperative will light the homes of western Pangasinan for generations to come.",
];

export default function Pledge() {
  return (
    <div className="container page about">
      <Breadcrumb items={[{ label: "About Us", to: "/about-us" }, { label: "Cooperative Pledge" }]} />
      <h1>Cooperative Pledge</h1>
      <blockquote className="pledge">
        {PLEDGE.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="pledge__close">So help me God.</p>
      </blockquote>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);
