// The questions answered on /help. The support contact itself is `supportContact` in ./site.

export type FaqEntry = { question: string; answer: string[] };

export const FAQ: FaqEntry[] = [
  {
    question: "How do I ask for a handyman?",
    answer: [
      "Open New request, pick the kind of job and your city, choose the day you would like the work done and, if you like, describe the problem.",
      "After you submit, choose how we should pick your handyman. The confirmation then shows who it is, their rating and their hourly price.",
    ],
  },
  {
    question: "Which jobs and cities do you cover?",
    answer: [
      "Requests can be made for electrical work (replacing outlets), leaking pipes and painting, in Amsterdam, The Hague and Rotterdam.",
    ],
  },
  {
    question: "How is my handyman chosen?",
    answer: [
      "Cheapest shows the handyman with the lowest hourly price for your job in your city. Best rated shows the one with the highest rating from earlier customers.",
      "Available now only looks at handymen who are free to start; of those, it shows the one with the highest hourly rate. When two handymen are equal, the one listed first in our register is shown.",
    ],
  },
  {
    question: "Why does it say that nobody is available?",
    answer: [
      "With Available now, it can happen that every handyman for that job in your city is busy. Choose Cheapest or Best rated instead, or try again another day.",
    ],
  },
  {
    question: "What will the job cost?",
    answer: [
      "Handymen charge by the hour; the confirmation shows the hourly price in euros. The total depends on how long the job takes.",
      "Paying through Fixwell is not possible yet: our payment system is still being built.",
    ],
  },
  {
    question: "Can I change my choice after I have seen my handyman?",
    answer: [
      "Yes. On the confirmation, use Choose another criterion. Your request stays the same; only the way we pick the handyman changes.",
    ],
  },
  {
    question: "Where do I find the requests I made earlier?",
    answer: ["Go to your dashboard and open Orders. Your requests are listed there, the newest first."],
  },
  {
    question: "Is the photo I add to a request sent to Fixwell?",
    answer: [
      "No. The photo field helps you keep the problem in mind while you describe it, but the photo stays on your device and is not uploaded.",
    ],
  },
  {
    question: "Who can see my requests?",
    answer: ["Only you, when you are signed in. Nobody else can open your requests or your list of orders."],
  },
  {
    question: "How do I change my email address or close my account?",
    answer: [
      "Your dashboard's Account page shows the email address you sign in with. To change it or to close your account, contact support and we will help you.",
    ],
  },
];
