extension StaticAssets {
  /// Phone first: one column, 44 px touch targets (WCAG 2.5.5), a focus outline always seen.
  /// Contrast (WCAG 2.1 relative luminance, dark on light; AA asks 4.5:1 for text, 3:1 for
  /// outlines and borders):
  /// - text #1a1f2b on #ffffff 16.47:1, on the panel #f5f6f8 15.23:1; muted #4d5563 on white 7.51:1
  /// - right: #14652f on #e7f5ec 6.37:1 (on white 7.16:1)
  /// - wrong: #a11d23 on #fdeced 6.78:1 (on white 7.73:1)
  /// - partly right: #8a5a00 on #fff6e0 5.51:1
  /// - buttons: #ffffff on #1f57b8 6.74:1; links and the focus outline #1f57b8 on white 6.74:1
  /// Right and wrong are said in words and signs (✓, ✗) too, never by colour alone.
  static let quizCSS = """
    *, *::before, *::after { box-sizing: border-box; }
    html { font-size: 100%; -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: #ffffff; color: #1a1f2b; line-height: 1.5;
      font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", sans-serif; }
    main { max-width: 44rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
    h2 { font-size: 1.2rem; }
    h2.progress { font-size: 1rem; font-weight: 600; }
    a { color: #1f57b8; }
    .progress, .timer { color: #4d5563; margin: 0.25rem 0; }
    .timer span { font-variant-numeric: tabular-nums; font-weight: 600; color: #1a1f2b; }
    .resume { color: #4d5563; font-size: 0.9rem; margin-top: 1.5rem; }
    .resume .code { font-family: ui-monospace, monospace; font-weight: 600; color: #1a1f2b; letter-spacing: 0.05em; }
    .prompt { margin: 1rem 0; font-size: 1.1rem; }
    .prompt img { max-width: 100%; height: auto; }
    .prompt table { display: block; overflow-x: auto; }
    fieldset { border: 0; margin: 0 0 1rem; padding: 0; min-width: 0; }
    legend { font-weight: 600; margin-bottom: 0.5rem; }
    .choice { display: flex; align-items: center; gap: 0.75rem; min-height: 44px; margin: 0.5rem 0;
      padding: 0.25rem 0.75rem; border: 2px solid #c3c8d1; border-radius: 0.5rem; background: #ffffff; }
    .choice input { width: 1.5rem; height: 1.5rem; flex: none; margin: 0; }
    .choice label { flex: 1; min-height: 44px; display: flex; align-items: center; gap: 0.4rem; flex-wrap: wrap;
      cursor: pointer; padding: 0.5rem 0; }
    .choice.picked { border-color: #1a1f2b; }
    .choice.right { background: #e7f5ec; border-color: #14652f; color: #14652f; }
    .choice.wrong { background: #fdeced; border-color: #a11d23; color: #a11d23; }
    .choice .mark, .mark { font-weight: 700; }
    .mark.right { color: #14652f; }
    .mark.wrong { color: #a11d23; }
    .mark.partly { color: #8a5a00; }
    .number { font-weight: 600; }
    .field { margin: 0.75rem 0; display: flex; flex-direction: column; gap: 0.25rem; }
    label { font-weight: 500; }
    input[type="text"], input[type="password"], input[type="search"], select, textarea { font: inherit; color: #1a1f2b;
      background: #ffffff; border: 2px solid #6b7280; border-radius: 0.4rem; padding: 0.5rem; min-height: 44px;
      width: 100%; max-width: 100%; }
    textarea { min-height: 8rem; resize: vertical; }
    /* Inline in the sentence: more specific than input[type="text"] (which is full width). */
    input[type="text"].gap, select.gap { width: auto; min-width: 4rem; max-width: 100%; display: inline-block;
      margin: 0.2rem; vertical-align: middle; }
    .gap-choices { display: inline-flex; flex-direction: column; gap: 0.25rem; vertical-align: middle; margin: 0.2rem; }
    .gap-choices.row { flex-direction: row; flex-wrap: wrap; }
    .gap-choices .choice { margin: 0; }
    button, .button { font: inherit; font-weight: 600; display: inline-flex; align-items: center; justify-content: center;
      min-height: 44px; min-width: 44px; padding: 0.5rem 1.25rem; border-radius: 0.5rem; border: 2px solid #1f57b8;
      background: #1f57b8; color: #ffffff; text-decoration: none; cursor: pointer; }
    .button.secondary, button.secondary { background: #ffffff; color: #1f57b8; }
    .sign-out { margin: 1rem 0; }
    button:disabled { background: #e4e7ec; color: #4d5563; border-color: #c3c8d1; cursor: not-allowed; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1rem 0; }
    :focus-visible { outline: 3px solid #1f57b8; outline-offset: 2px; }
    input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible {
      outline: 3px solid #1f57b8; outline-offset: 2px; }
    .reveal { border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 1rem 0; border: 2px solid #c3c8d1;
      background: #f5f6f8; }
    .reveal.right { background: #e7f5ec; border-color: #14652f; }
    .reveal.right h2 { color: #14652f; }
    .reveal.wrong { background: #fdeced; border-color: #a11d23; }
    .reveal.wrong h2 { color: #a11d23; }
    .reveal.partly { background: #fff6e0; border-color: #8a5a00; }
    .reveal.partly h2 { color: #8a5a00; }
    .reveal h2 { margin: 0 0 0.5rem; }
    .reveal h3, .given h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
    .error, .message { background: #fdeced; color: #a11d23; border: 2px solid #a11d23; border-radius: 0.5rem;
      padding: 0.75rem 1rem; }
    .message { background: #f5f6f8; color: #1a1f2b; border-color: #c3c8d1; }
    .score { font-size: 1.3rem; }
    .review-item { border-top: 1px solid #c3c8d1; margin-top: 1.5rem; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; }
    caption { text-align: start; font-weight: 600; padding: 0.5rem 0; }
    th, td { text-align: start; padding: 0.5rem; border-bottom: 1px solid #c3c8d1; vertical-align: top; }
    th { background: #f5f6f8; }
    tr.submitted td { color: #14652f; }
    tr.expired td { color: #a11d23; }
    @media (min-width: 40rem) { main { padding: 1.5rem 2rem; } h1 { font-size: 1.75rem; } }
    @media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }

    """
}
