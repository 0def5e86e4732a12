<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>attnlab::ui::FileActions</name>
    <message numerus="yes">
        <location filename="../../ui/fileactions.cpp" line="+164"/>
        <source>… and %n more problem(s)</source>
        <translation>
            <numerusform>… and %n more problem</numerusform>
            <numerusform>… and %n more problems</numerusform>
        </translation>
    </message>
</context>
</TS>
