import { foldAccents } from '@bo/contracts/all';

// The words a needs-sheet search ignores: the French configuration's own stop words, and the common ones its list
// leaves out ("les", "ils", "cette"...), which its stemmer would otherwise fold onto a word of almost every sheet
// ("les" becomes "le"). Compared with case and accents folded, as the search vector folds them before its stop
// words: "été" and "à" reach the stemmer as "ete" and "a", which its list does not hold either.
const STOP_WORDS = new Set(
  [
    // The French configuration's list.
    'au aux avec ce ces dans de des du elle en et eux il je la le leur lui ma mais me même mes moi mon ne nos notre nous on ou',
    'par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l à m n s t y',
    'été étée étées étés étant étante étants étantes suis es est sommes êtes sont serai seras sera serons serez seront serais',
    'serait serions seriez seraient étais était étions étiez étaient fus fut fûmes fûtes furent sois soit soyons soyez soient',
    'fusse fusses fût fussions fussiez fussent ayant ayante ayantes ayants eu eue eues eus ai as avons avez ont aurai auras',
    'aura aurons aurez auront aurais aurait aurions auriez auraient avais avait avions aviez avaient eut eûmes eûtes eurent',
    'aie aies ait ayons ayez aient eusse eusses eût eussions eussiez eussent',
    // What it leaves out.
    'les a ils elles leurs cette cet cela ceci ça celui celle ceux celles dont où ni car donc sans sous chez vers entre',
  ]
    .join(' ')
    .split(' ')
    .map(foldAccents),
);

// The search's text without its stop words (its operators, quotes and other words as they were): a text of stop
// words only becomes blank, which matches nothing.
export function withoutStopWords(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => (STOP_WORDS.has(foldAccents(word)) ? ' ' : word));
}
