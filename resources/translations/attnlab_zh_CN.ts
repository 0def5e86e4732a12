<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../../ui/application.cpp" line="+65"/>
        <source>give at most one scene file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try &apos;attnlab --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown language &quot;%1&quot;; use one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../ui/commandline.cpp" line="+35"/>
        <source>Print every stage of the scene as JSON and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the scene file; print &quot;ok&quot; or its problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the built-in example NAME instead of a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List the built-in examples and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interface language: zh_CN or en (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the version and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention Lab: step through self-attention, edit every number, export the heatmaps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A scene file (.attn.json); &quot;-&quot; reads standard input.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UndoCommand</name>
    <message>
        <location filename="../../ui/undocommands.cpp" line="+15"/>
        <location line="+28"/>
        <source>Set %1[%2][%3] to %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
