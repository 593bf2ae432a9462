/** The app's own code: the open support tickets (a real app would ask its database). */
export interface Ticket {
  id: number;
  subject: string;
  body: string;
}

export function openTickets(): Ticket[] {
  return [
    { id: 1, subject: "Cannot log in", body: "The password reset link expired twice." },
    { id: 2, subject: "Invoice", body: "Was I charged twice in March?" },
    { id: 3, subject: "Locked out", body: "My account is locked since the update." },
  ];
}
