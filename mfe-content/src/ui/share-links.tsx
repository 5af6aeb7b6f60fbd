import type { ShareLinksView } from "./content-views.ts";

const NEW_TAB = " (opens in a new tab)";

/** Plain share links: nothing from the networks loads until the reader follows one. */
export function ShareLinks({ share }: { share: ShareLinksView }) {
  const networks = [
    { href: share.email, label: "Email", name: "Share by email" },
    { href: share.x, label: "X", name: "Share on X (Twitter)" },
    { href: share.facebook, label: "Facebook", name: "Share on Facebook" },
    { href: share.linkedin, label: "LinkedIn", name: "Share on LinkedIn" },
  ];
  return (
    <div className="c-share" role="group" aria-label="Share this article">
      <span className="c-share__label" aria-hidden="true">
        Share
      </span>
      <ul>
        {networks.map((network) => (
          <li key={network.label}>
            <a
              href={network.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={network.name + NEW_TAB}
            >
              {network.label}
            </a>
          </li>
        ))}
        <li>
          <a href={share.canonical} className="c-share__copy">
            Copy link<span className="c-visually-hidden"> to this article</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
