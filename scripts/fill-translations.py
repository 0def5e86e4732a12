#!/usr/bin/env python3
"""Fills unfinished messages of a .ts file from a Python dictionary ZH = {source: translation}.

Usage: scripts/fill-translations.py DICT.py resources/translations/attnlab_zh_CN.ts
A helper for translation passes: messages already translated are left alone, and messages the
dictionary does not know stay unfinished (and are listed), so the TranslationFiles test keeps
failing until a person translates them.
"""
import runpy
import sys
import xml.etree.ElementTree as ET

table = runpy.run_path(sys.argv[1])["ZH"]
path = sys.argv[2]
tree = ET.parse(path)
missing = []
for context in tree.getroot().iter("context"):
    for message in context.iter("message"):
        source = message.find("source").text
        translation = message.find("translation")
        if translation.get("type") not in ("unfinished", None) or (translation.text and not translation.get("type")):
            continue
        if source in table:
            forms = translation.findall("numerusform")
            if forms:  # Chinese has one plural form
                for form in forms:
                    form.text = table[source]
            else:
                translation.text = table[source]
            translation.attrib.pop("type", None)
        else:
            missing.append(context.find("name").text + ": " + source)
with open(path, "wb") as out:
    out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    tree.write(out, encoding="utf-8", xml_declaration=False)
    out.write(b"\n")
for m in missing:
    print("untranslated:", m)
