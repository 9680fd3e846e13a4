// The openings the seed puts in an empty database. Requirements and benefits are HTML (a small subset:
// paragraphs, lists, emphasis) and are sanitised again when rendered.
import { cityList } from "../requests/words";

export type JobOpeningSeed = {
  job_id: string;
  department: string;
  role: string;
  location: string;
  start_date: string;
  description: string;
  about: string;
  overview: string;
  requirements: string;
  benefits: string;
  interview_time: string;
  apply: string;
};

const ABOUT = `Fixwell matches homeowners in ${cityList()} with vetted local handymen for painting, electrical and plumbing jobs. We started in 2023 with one goal: repairs that are reliable and fairly priced. We are a small team, so everyone's work reaches customers within days.`;

const BENEFITS_OFFICE = `<ul>
<li>Salary in the published band for the role, plus 8% holiday allowance</li>
<li>27 vacation days and your birthday off</li>
<li>NS Business Card or a bike lease, your choice</li>
<li>€1,000 a year for training, books and conferences</li>
<li>Pension with the employer paying two-thirds of the premium</li>
</ul>`;

const BENEFITS_REMOTE = `<ul>
<li>Salary in the published band for the role, plus 8% holiday allowance</li>
<li>Work from anywhere in the Netherlands; team days in Amsterdam once a month, travel paid</li>
<li>€750 home-office budget in your first month</li>
<li>€1,000 a year for training, books and conferences</li>
<li>Pension with the employer paying two-thirds of the premium</li>
</ul>`;

export const jobOpenings: JobOpeningSeed[] = [
  {
    job_id: "senior-full-stack-engineer",
    department: "Engineering",
    role: "Senior Full-Stack Engineer",
    location: "Amsterdam",
    start_date: "2027-02-01",
    description:
      "Build the request flow that turns a homeowner's description of a leaking pipe into a confirmed visit from the right handyman.",
    about: ABOUT,
    overview:
      "You will own features end to end: the request form, matching, the customer dashboard and the APIs behind them. You will work in TypeScript with Next.js and PostgreSQL, review code with two other engineers, and talk to customers and handymen every sprint.",
    requirements: `<p>We would like to see:</p>
<ul>
<li>Five or more years building web products, at least two with <strong>TypeScript</strong> and React</li>
<li>Comfort with relational databases: schema design, migrations, query plans</li>
<li>Habit of writing tests that catch real regressions</li>
<li>Clear written English; Dutch is a plus, not a must</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Two conversations of 45 minutes and a paid take-home exercise of at most four hours",
    apply: "Send your CV and a short note about something you built that you are proud of to jobs@fixwell.example.",
  },
  {
    job_id: "platform-engineer",
    department: "Engineering",
    role: "Platform Engineer",
    location: "Remote (Netherlands)",
    start_date: "2027-03-01",
    description: "Keep the marketplace fast and available while bookings grow across three cities.",
    about: ABOUT,
    overview:
      "You will run our PostgreSQL databases and Node services, set up monitoring that wakes the right person, and make deploys boring. You will also help the team measure performance before guessing at it.",
    requirements: `<ul>
<li>Experience operating PostgreSQL in production: backups, restores you have tested, connection pooling</li>
<li>Linux, networking basics and one infrastructure-as-code tool</li>
<li>Calm during incidents and thorough in the write-up afterwards</li>
</ul>`,
    benefits: BENEFITS_REMOTE,
    interview_time: "One technical conversation of 60 minutes and one with the founders of 30 minutes",
    apply: "Email jobs@fixwell.example with your CV or a link to your profile; tell us about an outage you learned from.",
  },
  {
    job_id: "frontend-engineer-accessibility",
    department: "Engineering",
    role: "Frontend Engineer (Accessibility)",
    location: "Rotterdam",
    start_date: "2027-01-15",
    description: "Make every page of Fixwell usable by keyboard, screen reader and a phone held in one hand.",
    about: ABOUT,
    overview:
      "You will improve our components, write browser tests for the flows that matter, and coach the team on accessible patterns. Many of our customers are older homeowners; they should find booking a repair easy.",
    requirements: `<ul>
<li>Three or more years of frontend work with React</li>
<li>Working knowledge of <em>WCAG 2.2</em> and how to test with assistive technology</li>
<li>Care for performance on low-end phones</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Two conversations of 45 minutes, one of them a pairing session on a real component",
    apply: "Send your CV and, if you have one, a portfolio link to jobs@fixwell.example.",
  },
  {
    job_id: "operations-coordinator-the-hague",
    department: "Operations",
    role: "Operations Coordinator",
    location: "The Hague",
    start_date: "2027-01-04",
    description: "Make sure that every booked repair in The Hague happens on the day the customer chose.",
    about: ABOUT,
    overview:
      "You will plan handymen's schedules, step in when a job runs late, and keep customers informed. You will spot patterns in what goes wrong and work with the product team to fix causes rather than symptoms.",
    requirements: `<ul>
<li>Experience in planning, logistics or field service</li>
<li>Fluent Dutch and good English</li>
<li>Calm on the phone with a customer whose kitchen is flooding</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "One conversation of 45 minutes and a half day shadowing the team",
    apply: "Send a short motivation and your CV to jobs@fixwell.example, in Dutch or English.",
  },
  {
    job_id: "handyman-partner-manager",
    department: "Operations",
    role: "Handyman Partner Manager",
    location: "Rotterdam",
    start_date: "2027-02-15",
    description: "Recruit and support the painters, electricians and plumbers who do the work our customers book.",
    about: ABOUT,
    overview:
      "You will vet new handymen, check certificates and insurance, visit jobs in progress and handle feedback. Good partners stay when they are paid on time and treated fairly; you make sure they are.",
    requirements: `<ul>
<li>Background in a trade, or in managing people who work in one</li>
<li>Driving licence (B); you will visit sites across Rotterdam</li>
<li>Fluent Dutch</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Two conversations of 45 minutes, one with a handyman who works with us",
    apply: "Apply by email to jobs@fixwell.example with your CV and the trades you know best.",
  },
  {
    job_id: "quality-and-safety-lead",
    department: "Operations",
    role: "Quality and Safety Lead",
    location: "Amsterdam",
    start_date: "2027-04-01",
    description: "Set the standards that make a Fixwell repair safe, tidy and done right the first time.",
    about: ABOUT,
    overview:
      "You will write checklists for electrical and plumbing work, audit finished jobs, and follow up on complaints. You will decide, with the handyman, what it takes to put a bad job right.",
    requirements: `<ul>
<li>Certified installer (electrical or plumbing) with at least five years in the field</li>
<li>Knowledge of NEN 1010 and current Dutch building rules</li>
<li>Writes clearly, in Dutch and English</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "One conversation of 60 minutes and a joint site visit",
    apply: "Send your CV and certificates to jobs@fixwell.example.",
  },
  {
    job_id: "customer-success-specialist-dutch",
    department: "Customer Success",
    role: "Customer Success Specialist (Dutch and English)",
    location: "Amsterdam",
    start_date: "2027-01-11",
    description: "Answer homeowners' questions by chat, email and phone, and turn problems into happy repeat customers.",
    about: ABOUT,
    overview:
      "You will help customers book, reschedule and understand prices, and you will be their voice inside the company. You will write the help-centre articles that answer the question before it is asked.",
    requirements: `<ul>
<li>Fluent Dutch and English, spoken and written</li>
<li>Experience in a support or hospitality role</li>
<li>Patience, and a knack for explaining things simply</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "One conversation of 45 minutes and a short written exercise answering three real questions",
    apply: "Email jobs@fixwell.example with your CV and a few lines on the best service you ever received.",
  },
  {
    job_id: "customer-success-team-lead",
    department: "Customer Success",
    role: "Customer Success Team Lead",
    location: "Remote (Netherlands)",
    start_date: "2027-03-15",
    description: "Lead a team of five specialists and keep our answer time under an hour.",
    about: ABOUT,
    overview:
      "You will hire and coach specialists, plan shifts, and report what customers tell us each week. You will own our satisfaction score and the changes that improve it.",
    requirements: `<ul>
<li>Two or more years leading a support team</li>
<li>Comfort with data: you can read a dashboard and question it</li>
<li>Fluent Dutch and English</li>
</ul>`,
    benefits: BENEFITS_REMOTE,
    interview_time: "Three conversations of 45 minutes, including one with the team you would lead",
    apply: "Send your CV and a short note on how you measure a good support team to jobs@fixwell.example.",
  },
  {
    job_id: "growth-marketer",
    department: "Marketing",
    role: "Growth Marketer",
    location: "The Hague",
    start_date: "2027-02-01",
    description: "Help homeowners in our three cities discover that a repair can be booked in two minutes.",
    about: ABOUT,
    overview:
      "You will run local campaigns, improve our pages for search engines, and measure which channels bring customers who come back. You will work with a budget you help set.",
    requirements: `<ul>
<li>Three or more years in performance or content marketing</li>
<li>Hands-on experience with analytics and A/B testing</li>
<li>Excellent written Dutch</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Two conversations of 45 minutes and a short case you present to us",
    apply: "Send your CV and one campaign you are proud of to jobs@fixwell.example.",
  },
];
