package data

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// A plan says how the reader fills one Go type. Plans are made once, with
// reflection, from the format's types and their json tags (format.go), so
// that each key is written once, in its type; decoding then needs no
// reflection but for new values and the best rows' map.
type plan struct {
	kind kind
	typ  reflect.Type
	// fields are a struct's keys, its embedded structs' included, in the
	// order of its fields, which is the order the compiler writes them.
	fields []field
	// elem is the plan of T for a []*T or a map[string]*T.
	elem *plan
}

type kind uint8

const (
	kString  kind = iota // string
	kNumber              // json.Number: a number as written
	kInt                 // int
	kInt64               // int64
	kBool                // bool
	kStrings             // []string
	kStruct              // a struct, read from an object
	kList                // []*T of a struct T, from an array of objects or null
	kMap                 // map[string]*T of a struct T, from an object of objects or null
)

// A field is one key of a struct and where its value lies in the struct.
type field struct {
	key    string
	offset uintptr
	*plan
}

// filePlans are the plans of the files the reader reads, made on first use.
var filePlans = sync.OnceValues(func() (map[reflect.Type]*plan, error) {
	made := map[reflect.Type]*plan{}
	files := map[reflect.Type]*plan{}
	for _, t := range []reflect.Type{
		reflect.TypeFor[Index](), reflect.TypeFor[ModelFile](), reflect.TypeFor[DiffusionModelFile](),
		reflect.TypeFor[GridFile](), reflect.TypeFor[PublishedFile](), reflect.TypeFor[EquivalentsFile](),
		reflect.TypeFor[FootprintFile](),
	} {
		p, err := planOf(t, made)
		if err != nil {
			return nil, err
		}
		files[t] = p
	}
	return files, nil
})

// planOf makes the plan of t, or says which type the reader cannot fill;
// made holds the plans made so far.
func planOf(t reflect.Type, made map[reflect.Type]*plan) (*plan, error) {
	if p := made[t]; p != nil {
		return p, nil
	}
	p := &plan{typ: t}
	var err error
	switch k := t.Kind(); {
	case t == reflect.TypeFor[json.Number]():
		p.kind = kNumber
	case k == reflect.String:
		p.kind = kString
	case k == reflect.Int:
		p.kind = kInt
	case k == reflect.Int64:
		p.kind = kInt64
	case k == reflect.Bool:
		p.kind = kBool
	case t == reflect.TypeFor[[]string]():
		p.kind = kStrings
	case k == reflect.Slice && structPointer(t.Elem()):
		p.kind = kList
		p.elem, err = planOf(t.Elem().Elem(), made)
	case k == reflect.Map && t.Key() == reflect.TypeFor[string]() && structPointer(t.Elem()):
		p.kind = kMap
		p.elem, err = planOf(t.Elem().Elem(), made)
	case k == reflect.Struct:
		p.kind = kStruct
		err = p.addFields(t, 0, made)
	default:
		err = fmt.Errorf("unmarshalDirect cannot read a %s", t)
	}
	if err != nil {
		return nil, err
	}
	made[t] = p
	return p, nil
}

func structPointer(t reflect.Type) bool {
	return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct
}

// addFields adds the keys of struct t, which lies at offset in p's struct,
// as encoding/json reads them: an embedded struct's keys as if they were
// t's, each exported field under the name its json tag gives.
func (p *plan) addFields(t reflect.Type, offset uintptr, made map[reflect.Type]*plan) error {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		if f.Anonymous && !ok && f.Type.Kind() == reflect.Struct {
			if err := p.addFields(f.Type, offset+f.Offset, made); err != nil {
				return err
			}
			continue
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		key, options, _ := strings.Cut(tag, ",")
		if key == "" || options != "" && options != "omitempty" {
			return fmt.Errorf("unmarshalDirect cannot read %s.%s tagged %q", t, f.Name, tag)
		}
		if slices.ContainsFunc(p.fields, func(g field) bool { return g.key == key }) {
			return fmt.Errorf("unmarshalDirect cannot read %s: key %q twice", p.typ, key)
		}
		fp, err := planOf(f.Type, made)
		if err != nil {
			return err
		}
		p.fields = append(p.fields, field{key, offset + f.Offset, fp})
	}
	return nil
}

// fields reads an object into the struct at to, whose keys are fs;
// errUnknown for a key it does not have. The key after the last one read is
// tried first.
func (r *reader) fields(fs []field, to unsafe.Pointer) error {
	next := 0
	return r.object(func(key string) error {
		i := next
		if i >= len(fs) || fs[i].key != key {
			if i = slices.IndexFunc(fs, func(f field) bool { return f.key == key }); i < 0 {
				return errUnknown
			}
		}
		next = i + 1
		f, at := &fs[i], unsafe.Add(to, fs[i].offset)
		switch f.kind {
		case kString:
			return r.text((*string)(at))
		case kNumber:
			return r.figure((*json.Number)(at))
		case kInt:
			return r.int((*int)(at))
		case kInt64:
			return r.int64((*int64)(at))
		case kBool:
			return r.flag((*bool)(at))
		case kStrings:
			return r.texts((*[]string)(at))
		case kStruct:
			return r.fields(f.fields, at)
		case kList:
			// Every []*T is laid out as a []unsafe.Pointer.
			return r.list(f.elem, (*[]unsafe.Pointer)(at))
		}
		return r.pointerMap(f.plan, reflect.NewAt(f.typ, at).Elem())
	})
}

// list reads an array, each element null or a value of elem's type, into
// *to; null leaves it nil and [] makes an empty slice. A key given twice is
// refused.
func (r *reader) list(elem *plan, to *[]unsafe.Pointer) error {
	if *to != nil {
		return errTwice
	}
	if r.literal("null") {
		return nil
	}
	*to = []unsafe.Pointer{}
	return r.array(func(string) error {
		v, err := r.pointer(elem)
		*to = append(*to, v)
		return err
	})
}

// pointerMap reads an object whose values are null or values of p.elem's
// type into the map m; null makes it nil.
func (r *reader) pointerMap(p *plan, m reflect.Value) error {
	if r.literal("null") {
		m.SetZero()
		return nil
	}
	if m.IsNil() {
		m.Set(reflect.MakeMap(p.typ))
	}
	return r.object(func(key string) error {
		v, err := r.pointer(p.elem)
		m.SetMapIndex(reflect.ValueOf(key), reflect.NewAt(p.elem.typ, v))
		return err
	})
}

// pointer reads null as a nil pointer, and anything else into a new struct
// of p's type.
func (r *reader) pointer(p *plan) (unsafe.Pointer, error) {
	if r.literal("null") {
		return nil, nil
	}
	v := reflect.New(p.typ).UnsafePointer()
	return v, r.fields(p.fields, v)
}
