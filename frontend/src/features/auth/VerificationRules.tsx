/** The ID rules the player must read before uploading (docs/identity-rules.md). */
export function VerificationRules() {
  return (
    <section className="card panel" aria-labelledby="verification-rules-title">
      <h2 id="verification-rules-title">ID Verification Rules</h2>
      <ul className="rules-list">
        <li>Use a government-issued ID (driver's license, state ID or passport).</li>
        <li>The name and state on the ID must match your account.</li>
        <li>The photo must be clear: all text readable, no glare, nothing covered.</li>
        <li>Uploaded IDs are deleted after verification.</li>
        <li>AI checks the authenticity of every ID: its barcode or machine-readable lines, its expiry, and that your selfie matches its photo.</li>
      </ul>
    </section>
  );
}
