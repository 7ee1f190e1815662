import type { ReactNode } from 'react';

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (entity) => entities[entity]);

// A search snippet as the server sends it (text escaped, matched words in <mark>), shown as React text with the
// marks: no HTML from the data is ever parsed by the browser.
export function HighlightedText({ snippet }: { snippet: string }) {
  const parts: ReactNode[] = [];
  snippet.split(/(<mark>.*?<\/mark>)/g).forEach((part, index) => {
    if (part.startsWith('<mark>') && part.endsWith('</mark>'))
      parts.push(<mark key={index}>{unescape(part.slice(6, -7))}</mark>);
    else if (part !== '') parts.push(unescape(part));
  });
  return <span className="bo-snippet">{parts}</span>;
}
