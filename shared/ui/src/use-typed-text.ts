import { AUTOCOMPLETE } from '@bo/contracts';
import { useEffect, useState } from 'react';

// What the user types into an autocomplete (`typed`, the field's value) and the text to look up (`text`: the same,
// trimmed, once the typing pauses, AUTOCOMPLETE.delayMs). Typing is an event from outside React's data: an effect
// keyed on it is the right tool.
export function useTypedText(): { typed: string; setTyped: (typed: string) => void; text: string } {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), AUTOCOMPLETE.delayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, text };
}
