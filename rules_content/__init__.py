"""Cardavia's reading side: the card traditions, the rule page of every game, the card pictures.

Pages (under /de/ and /en/, German being the default):
    /               home: the games and the traditions
    /spiele/<slug>/ a game's rule page, with the "Spieltisch" and "Raum eröffnen" buttons
    /traditionen/   the four packs; /traditionen/<slug>/ one pack with its history and gallery
    /sitemap.xml    every page in both languages
    /karten/<deck>/<code>.svg (no language prefix) one card picture, `?lang=en` for J Q K courts

Decisions:
* Interface strings (buttons, headings, short summaries, meta descriptions) go through gettext with
  English msgids; the German lives in this app's own catalogue, `rules_content/locale/`.
* Long-form content (rule texts, history, special cases, FAQ, worked examples) is written as one
  template per language, chosen by the active language: `templates/rules_content/games/de/<key>.html`
  and `.../en/<key>.html`, likewise `traditions/<lang>/<deck>.html`. A rule text is written, not
  assembled: German and English differ in order and emphasis, and hundreds of sentence fragments in
  a catalogue would be unreadable for the writer and the reviewer alike. A language without its own
  template reads the English one. Both versions are written from the seeds' facts and the decisions
  in shared/rules/; the seeds themselves are never pasted.
* Examples in the long texts draw their cards with `{% cards deck "codes" claim="…" %}`; the claim
  says what the text calls those cards, and tests/rules_content checks it against the game engines.
* Every page is a frame rendered per request (header, language form with its CSRF token, table
  buttons) around a body that is rendered once per page and language and then cached
  (`views.cached_body`); whole-response caching would freeze CSRF tokens into the forms.
"""
