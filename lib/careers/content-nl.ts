// The Dutch versions of some of the sample openings (./content.ts), which the seed stores
// beside the English. The other sample openings stay English only, so both cases exist from the start.
// Requirements and benefits are HTML in the same small subset as the English.
import { cityList } from "../requests/words";

export type JobOpeningTranslationSeed = {
  job_id: string;
  locale: "nl";
  department: string;
  role: string;
  location: string;
  description: string;
  about: string;
  overview: string;
  requirements: string;
  benefits: string;
  interview_time: string;
  apply: string;
};

const ABOUT = `Fixwell koppelt huiseigenaren in ${cityList("and", "nl")} aan gescreende vakmensen uit de buurt voor schilderwerk, elektra en loodgieterswerk. We zijn in 2023 begonnen met één doel: reparaties die betrouwbaar zijn en een eerlijke prijs hebben. We zijn een klein team, dus wat jij doet, merken klanten al binnen een paar dagen.`;

const BENEFITS_OFFICE = `<ul>
<li>Een salaris binnen de gepubliceerde schaal voor de functie, plus 8% vakantiegeld</li>
<li>27 vakantiedagen en vrij op je verjaardag</li>
<li>Een NS Business Card of een leasefiets, wat jij wilt</li>
<li>€ 1.000 per jaar voor opleidingen, boeken en congressen</li>
<li>Pensioen waarvan wij twee derde van de premie betalen</li>
</ul>`;

export const jobOpeningTranslations: JobOpeningTranslationSeed[] = [
  {
    job_id: "operations-coordinator-the-hague",
    locale: "nl",
    department: "Operations",
    role: "Operationeel coördinator",
    location: "Den Haag",
    description: "Jij zorgt ervoor dat elke geboekte reparatie in Den Haag doorgaat op de dag die de klant heeft gekozen.",
    about: ABOUT,
    overview:
      "Je plant de agenda's van onze vakmensen, springt bij als een klus uitloopt en houdt klanten op de hoogte. Je ziet patronen in wat er misgaat en pakt samen met het productteam de oorzaak aan, niet alleen de gevolgen.",
    requirements: `<ul>
<li>Ervaring in planning, logistiek of buitendienst</li>
<li>Je spreekt vloeiend Nederlands en goed Engels</li>
<li>Je blijft rustig aan de telefoon met een klant van wie de keuken blank staat</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Eén gesprek van 45 minuten en een halve dag meelopen met het team",
    apply: "Stuur een korte motivatie en je cv naar jobs@fixwell.example, in het Nederlands of het Engels.",
  },
  {
    job_id: "handyman-partner-manager",
    locale: "nl",
    department: "Operations",
    role: "Partnermanager vakmensen",
    location: "Rotterdam",
    description: "Je vindt en begeleidt de schilders, elektriciens en loodgieters die het werk doen dat onze klanten boeken.",
    about: ABOUT,
    overview:
      "Je screent nieuwe vakmensen, controleert hun certificaten en verzekeringen, gaat langs bij lopende klussen en handelt feedback af. Goede partners blijven als ze op tijd worden betaald en eerlijk worden behandeld. Daar zorg jij voor.",
    requirements: `<ul>
<li>Een achtergrond in een technisch vak, of ervaring als leidinggevende van vakmensen</li>
<li>Rijbewijs B: je gaat langs bij klussen in heel Rotterdam</li>
<li>Je spreekt vloeiend Nederlands</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Twee gesprekken van 45 minuten, waarvan één met een vakman die met ons samenwerkt",
    apply: "Solliciteer per mail via jobs@fixwell.example, met je cv en de vakken die je het best kent.",
  },
  {
    job_id: "customer-success-specialist-dutch",
    locale: "nl",
    department: "Klantenservice",
    role: "Klantenservicemedewerker (Nederlands en Engels)",
    location: "Amsterdam",
    description: "Je beantwoordt vragen van huiseigenaren via chat, mail en telefoon, en maakt van een probleem een tevreden vaste klant.",
    about: ABOUT,
    overview:
      "Je helpt klanten met boeken, verzetten en het begrijpen van onze prijzen, en binnen het bedrijf ben jij hun stem. Je schrijft de artikelen in ons helpcentrum die een vraag al beantwoorden voordat iemand hem stelt.",
    requirements: `<ul>
<li>Je spreekt en schrijft vloeiend Nederlands en Engels</li>
<li>Ervaring in de klantenservice of de horeca</li>
<li>Geduld, en een talent om dingen eenvoudig uit te leggen</li>
</ul>`,
    benefits: BENEFITS_OFFICE,
    interview_time: "Eén gesprek van 45 minuten en een korte schrijfopdracht waarin je drie echte klantvragen beantwoordt",
    apply: "Mail je cv naar jobs@fixwell.example, met een paar zinnen over de beste service die jij ooit hebt gehad.",
  },
];
