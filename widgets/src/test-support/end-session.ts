/**
 * Ends an ongoing session as its expert over HTTP, as the room's end button does (forced: before its planned
 * end), and resolves to the answer's status. Plain `fetch`, so the widget tests in the browser and the
 * end-to-end tests in Node end sessions the same way.
 */
export async function forceEndAsExpert(
  platform: { apiBase: string; apiKey: string },
  sessionId: number,
  expertToken: string,
): Promise<number> {
  const response = await fetch(`${platform.apiBase}/schedule/sessions/${sessionId}/end/contributor`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': platform.apiKey,
      authorization: `Bearer ${expertToken}`,
    },
    body: JSON.stringify({ force_end: true, end_reason: 'The advice was given', end_from: 1 }),
  })
  return response.status
}
