// The terms of service and the privacy policy, in plain language, as data the legal pages render.

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "records"; records: { title: string; fields: { label: string; value: string }[] }[] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalDocument = {
  lastUpdated: string;
  summary: string;
  sections: LegalSection[];
};

const p = (text: string): LegalBlock => ({ kind: "paragraph", text });
const list = (...items: string[]): LegalBlock => ({ kind: "list", items });

export const privacyPolicy: LegalDocument = {
  lastUpdated: "21 November 2026",
  summary:
    "We keep as little about you as we can: your email address, a scrambled form of your password, and the repair requests you send us. We use them to run your account and match your requests, we never sell them, and you can ask us to see or delete them at any time.",
  sections: [
    {
      id: "who-we-are",
      heading: "Who is responsible for your data",
      blocks: [
        p(
          "Fixwell is responsible (the \"controller\", in the words of the General Data Protection Regulation, GDPR) for the personal data described on this page. Questions about your data go to privacy@fixwell.example.",
        ),
        p(
          "This website is a learning project. It works like a real service, and this policy describes exactly what it stores, but no real repairs are booked through it.",
        ),
      ],
    },
    {
      id: "what-we-store",
      heading: "What we store, why, and for how long",
      blocks: [
        {
          kind: "records",
          records: [
            {
              title: "Your email address",
              fields: [
                { label: "Why", value: "It is the name of your account: you sign in with it, and your requests are filed under it." },
                { label: "Legal basis", value: "Needed to provide the service you signed up for (GDPR article 6(1)(b))." },
                { label: "How long", value: "Until you delete your account." },
              ],
            },
            {
              title: "A hash of your password",
              fields: [
                {
                  label: "Why",
                  value:
                    "To check your password when you sign in. We never store the password itself, only a one-way scrambled form of it from which the password cannot be read back. Nobody at Fixwell can see your password.",
                },
                { label: "Legal basis", value: "Needed to provide the service and keep your account secure (article 6(1)(b))." },
                { label: "How long", value: "Until you delete your account." },
              ],
            },
            {
              title: "Your repair requests",
              fields: [
                {
                  label: "What",
                  value:
                    "For each request: the type of job, the city, your preferred date, the details you wrote, how you want your handyman chosen (price, rating or availability), and when you sent it.",
                },
                { label: "Why", value: "To match you with a handyman and to show you your previous orders." },
                { label: "Legal basis", value: "Needed to provide the service you asked for (article 6(1)(b))." },
                { label: "How long", value: "As long as your account exists, unless you ask us to delete a request sooner." },
              ],
            },
            {
              title: "The date your account was created",
              fields: [
                { label: "Why", value: "To keep our records in order and to answer questions about your account." },
                { label: "How long", value: "Until you delete your account." },
              ],
            },
          ],
        },
        p(
          "We do not ask for your name, address, phone number or payment details. Please do not write sensitive information, such as health details, in the free-text field of a request: a short description of the job is all a handyman needs.",
        ),
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        p(
          "We use only the cookies that signing in needs: one that keeps you signed in and a few that protect the sign-in form against forged requests. They contain no advertising or tracking identifiers. The sign-in cookie is removed when you sign out and expires after 30 days at the latest.",
        ),
        p("We do not use analytics, advertising or social media cookies, so there is nothing to accept or refuse."),
      ],
    },
    {
      id: "sharing",
      heading: "Who can see your data",
      blocks: [
        p(
          "Only you, and the few Fixwell staff who need it to help you. We do not sell your data and we do not share it with advertisers. Our database runs on servers inside the European Economic Area; any company that hosts it for us may process your data only on our instructions, under a written agreement.",
        ),
        p("We hand over data to authorities only when Dutch law obliges us to."),
      ],
    },
    {
      id: "security",
      heading: "How we protect it",
      blocks: [
        list(
          "Passwords are hashed with a slow, memory-hard algorithm designed to resist guessing.",
          "Your requests can be read only by your own account; every request to our servers is checked for that.",
          "Connections to the site are encrypted, and access to the database is limited to the people and systems that need it.",
        ),
        p(
          "If something goes wrong and your data is at risk, we will tell you and the Dutch Data Protection Authority without delay, and within 72 hours when the law requires it.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        p("Under the GDPR you have the right to:"),
        list(
          "see the personal data we hold about you and get a copy of it;",
          "have incorrect data corrected;",
          "have your account and requests deleted;",
          "limit what we do with your data while a question or complaint is being handled;",
          "receive your data in a common, machine-readable format to take it elsewhere;",
          "object to the way we use your data.",
        ),
        p(
          "To use any of these rights, email privacy@fixwell.example from the address of your account. We answer within one month and do not charge for it. When you ask us to delete your account, we remove it and your requests within 30 days.",
        ),
        p(
          "If you are unhappy with how we handle your data, please tell us first. You may also complain to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens) at any time.",
        ),
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: [p("Fixwell is meant for adults. Please do not create an account if you are under 16.")],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        p(
          "If we change what we store or why, we update this page and its date first. If the change is important, we also email you before it takes effect.",
        ),
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  lastUpdated: "21 November 2026",
  summary:
    "Use Fixwell honestly, keep your password to yourself, and remember that the handyman we suggest is an independent professional. Nothing in these terms takes away the rights Dutch consumer law gives you.",
  sections: [
    {
      id: "about",
      heading: "About these terms",
      blocks: [
        p(
          "These terms apply when you use the Fixwell website: to browse, to create an account or to send a repair request. By creating an account you agree to them. They are written to be read; if anything is unclear, ask us at support@fixwell.example.",
        ),
        p("This website is a learning project. No real repairs are booked through it and no payments are taken."),
      ],
    },
    {
      id: "account",
      heading: "Your account",
      blocks: [
        list(
          "You need to be at least 18 years old to send a repair request.",
          "Use an email address that is yours, and a password you do not use anywhere else.",
          "Keep your password secret. If you think someone else knows it, change it or tell us straight away.",
          "One account per person. You are responsible for what is done with your account.",
        ),
      ],
    },
    {
      id: "requests",
      heading: "Repair requests and matching",
      blocks: [
        p(
          "When you send a request you tell us the type of job, your city, your preferred date and any details that help. You then choose what matters most: the lowest price, the highest rating or a handyman who is available. We suggest the handyman who fits best.",
        ),
        p(
          "A suggestion is not a guarantee that the handyman is free at the exact time you want. Prices are shown in euros per hour; the final bill depends on the hours the job really takes and any materials you agree on with the handyman.",
        ),
      ],
    },
    {
      id: "the-work",
      heading: "The work itself",
      blocks: [
        p(
          "Handymen on Fixwell are independent professionals, not our employees. The agreement for the work is between you and the handyman. We check their certificates, insurance and references before they join, and we step in if a job is not done properly.",
        ),
      ],
    },
    {
      id: "payments",
      heading: "Payments",
      blocks: [
        p(
          "Paying online is not available yet; our system status page shows it as \"To be operational\". Until it is, you do not pay anything through the website.",
        ),
      ],
    },
    {
      id: "fair-use",
      heading: "Fair use",
      blocks: [
        p("Please do not:"),
        list(
          "send requests you do not mean, or requests on someone else's behalf without their permission;",
          "try to reach other people's accounts or data, or test the security of the site without our written permission;",
          "overload the site, for example by sending automated requests;",
          "use the site for anything unlawful or to harass anyone.",
        ),
        p("If an account breaks these rules we may suspend or close it. We will tell you why, unless the law prevents us."),
      ],
    },
    {
      id: "liability",
      heading: "Our responsibility",
      blocks: [
        p(
          "We do our best to keep the website available and correct, but we cannot promise it will never be down or contain a mistake. We are not liable for the work a handyman does, except where the law says otherwise. Nothing in these terms limits your rights as a consumer under Dutch law.",
        ),
      ],
    },
    {
      id: "ending",
      heading: "Closing your account",
      blocks: [
        p(
          "You can stop using Fixwell at any time. Email support@fixwell.example from the address of your account and we delete your account and requests within 30 days, as described in our privacy policy.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "Changes and applicable law",
      blocks: [
        p(
          "If we change these terms, we update this page and its date, and we email you about important changes before they take effect. Dutch law applies to these terms. If we have a disagreement we cannot settle together, the competent court in the Netherlands decides.",
        ),
      ],
    },
  ],
};
