import { render } from '@testing-library/react';
import { HighlightedText } from './highlighted-text';

describe('search snippets', () => {
  it('shows the matched words marked and the text around them as text', () => {
    const { container } = render(
      <HighlightedText snippet="Des &lt;b&gt;<mark>développeurs</mark> &amp; des <mark>testeurs</mark>" />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'développeurs',
      'testeurs',
    ]);
    expect(container.textContent).toBe('Des <b>développeurs & des testeurs');
    // Markup of the sheet stays text: no element but the marks.
    expect(container.querySelectorAll('b')).toHaveLength(0);
  });

  it('never turns data into markup', () => {
    const { container } = render(<HighlightedText snippet={'&lt;img src=x onerror=alert(1)&gt; <mark>java</mark>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> java');
  });
});
